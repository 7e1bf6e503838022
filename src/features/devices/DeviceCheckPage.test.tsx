// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pretendDevice } from '../../test/deviceCapabilities';
import { renderScreen } from '../../test/render';
import DeviceCheckPage from './DeviceCheckPage';

let restore: () => void = () => undefined;

/** The browser's answers a device check reads, stubbed on navigator. */
function browser(values: {
  persisted: boolean;
  persistGrants?: boolean;
  usage?: number;
  quota?: number;
  camera?: PermissionState;
}) {
  let kept = values.persisted;
  const define = (name: string, value: unknown) =>
    Object.defineProperty(navigator, name, { value, configurable: true });
  define('storage', {
    persisted: async () => kept,
    persist: async () => (kept = values.persistGrants ?? false),
    estimate: async () => ({ usage: values.usage ?? 0, quota: values.quota ?? 0 }),
  });
  let camera = values.camera ?? 'prompt';
  const stop = vi.fn();
  define('permissions', { query: async () => ({ state: camera }) });
  define('mediaDevices', {
    getUserMedia: vi.fn(async () => {
      camera = 'granted';
      return { getTracks: () => [{ stop }] };
    }),
  });
  return { stop };
}

function server(answer: object | 'unreachable') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (answer === 'unreachable') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer));
    }),
  );
}

const state = (name: string) => screen.getByTestId(`check-${name}`).getAttribute('data-state');

afterEach(() => {
  cleanup();
  restore();
  vi.unstubAllGlobals();
  for (const name of ['storage', 'permissions', 'mediaDevices'])
    Object.defineProperty(navigator, name, { value: undefined, configurable: true });
});

describe('Check this device', () => {
  it('ticks every line of a phone set up on HTTPS', async () => {
    restore = pretendDevice({ secureContext: true, serviceWorkers: true, controlled: true });
    browser({ persisted: true, usage: 10 * 1024 ** 2, quota: 2 * 1024 ** 3, camera: 'granted' });
    server({ secure: true, httpsUrl: 'https://192.168.1.20:8443/' });
    renderScreen(<DeviceCheckPage />);
    await waitFor(() =>
      expect(screen.queryAllByTestId(/^check-/).map((c) => c.getAttribute('data-state'))).toEqual(
        Array(7).fill('pass'),
      ),
    );
    expect(screen.getByText('2.0 GB free for the app.')).toBeTruthy();
    expect(screen.getByText(/^The server answered in \d+ ms\.$/)).toBeTruthy();
    expect(screen.getByText('The app can save work on this device.')).toBeTruthy();
  });

  it('crosses a phone on a plain-HTTP address and links the HTTPS one', async () => {
    restore = pretendDevice({ secureContext: false, serviceWorkers: false });
    server({ secure: false, httpsUrl: 'https://192.168.1.20:8443/' });
    renderScreen(<DeviceCheckPage />);
    await waitFor(() => expect(state('secure')).toBe('fail'));
    expect(state('worker')).toBe('fail');
    expect(screen.getByTestId('check-secure').textContent).toContain(
      'Open https://192.168.1.20:8443/ instead, or ask your manager to set up this device.',
    );
    expect(
      screen.getAllByRole('link', { name: 'https://192.168.1.20:8443/' })[0].getAttribute('href'),
    ).toBe('https://192.168.1.20:8443/');
    await waitFor(() => expect(state('camera')).toBe('fail'));
  });

  it('asks the browser to keep the data, and for the camera, letting the camera go at once', async () => {
    restore = pretendDevice({ secureContext: true, serviceWorkers: true, controlled: true });
    const { stop } = browser({ persisted: false, persistGrants: true, camera: 'prompt' });
    server({ secure: true, httpsUrl: null });
    renderScreen(<DeviceCheckPage />);
    await waitFor(() => expect(state('kept')).toBe('fail'));
    expect(screen.getByTestId('check-kept').textContent).toContain(
      'This phone may delete work it has not sent yet when it runs low on space.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep data on this device' }));
    await waitFor(() => expect(state('kept')).toBe('pass'));

    await waitFor(() => expect(state('camera')).toBe('unknown'));
    fireEvent.click(screen.getByRole('button', { name: 'Allow the camera' }));
    await waitFor(() => expect(state('camera')).toBe('pass'));
    expect(stop).toHaveBeenCalled();
  });

  it('says when the server cannot be reached, and checks again on request', async () => {
    restore = pretendDevice({ secureContext: true, serviceWorkers: true, controlled: true });
    browser({ persisted: true });
    server('unreachable');
    renderScreen(<DeviceCheckPage />);
    await waitFor(() => expect(state('server')).toBe('fail'));
    expect(screen.getByText('The server cannot be reached from here.')).toBeTruthy();
    server({ secure: true, httpsUrl: null });
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(state('server')).toBe('pass'));
  });
});
