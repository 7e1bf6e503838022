// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Permission } from '../../../contract/permissions';
import { useSession } from '../../app/session';
import { getDb } from '../../offline/db';
import { enqueue } from '../../offline/outbox';
import { pretendDevice } from '../../test/deviceCapabilities';
import { renderAt } from '../../test/render';
import FloorWarning from './FloorWarning';

let restore: () => void = () => undefined;

function storage(persisted: boolean | undefined) {
  Object.defineProperty(navigator, 'storage', {
    value: persisted === undefined ? undefined : { persisted: async () => persisted },
    configurable: true,
  });
}

function show(path: string) {
  return renderAt(path, { '*': <FloorWarning /> });
}

beforeEach(async () => {
  useSession.setState({ permissions: [Permission.picker] });
  await getDb().outbox.clear();
});
afterEach(() => {
  cleanup();
  restore();
  storage(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('FloorWarning', () => {
  it('tells a phone on a plain-HTTP address where the app works, lastingly', async () => {
    restore = pretendDevice({ secureContext: false, serviceWorkers: false });
    const fetched = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ secure: false, httpsUrl: 'https://192.168.1.20:8443/' })),
    );
    vi.stubGlobal('fetch', fetched);
    show('/user_orders');
    const warning = await screen.findByTestId('floor-warning');
    await screen.findByRole('link', { name: 'https://192.168.1.20:8443/' });
    expect(warning.textContent).toBe(
      'This phone works online only' +
        'This phone cannot keep working without Wi-Fi on this address — open https://192.168.1.20:8443/ or ask your manager.',
    );
    // Nothing to close it with.
    expect(screen.queryByRole('button')).toBeNull();
    expect(String(fetched.mock.calls[0][0])).toBe('/api/connection');
  });

  it('says to ask the manager when the server has no HTTPS address', async () => {
    restore = pretendDevice({ secureContext: false, serviceWorkers: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ secure: false, httpsUrl: null }))),
    );
    show('/picker/4');
    await waitFor(() =>
      expect(screen.getByTestId('floor-warning').textContent).toContain(
        'on this address. Ask your manager to set up this phone.',
      ),
    );
  });

  it('stays off the desk screens', async () => {
    restore = pretendDevice({ secureContext: false, serviceWorkers: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    useSession.setState({ permissions: [Permission.order_manager] });
    show('/order/3');
    show('/device-check');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('floor-warning')).toBeNull();
  });

  it('says nothing on an HTTPS phone whose browser keeps no data while nothing waits', async () => {
    restore = pretendDevice({ secureContext: true, serviceWorkers: true });
    storage(false);
    show('/user_orders');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('floor-warning')).toBeNull();
  });

  it('warns mildly once unsent work has waited a minute on a phone whose data is not kept', async () => {
    restore = pretendDevice({ secureContext: true, serviceWorkers: true });
    storage(false);
    await enqueue('stock.add.v1', { qty: 1 });
    await getDb()
      .outbox.toCollection()
      .modify({ createdAt: new Date(Date.now() - 120_000).toISOString() });
    show('/trays');
    const warning = await screen.findByTestId('floor-warning');
    expect(warning.textContent).toContain(
      'This phone may delete work it has not sent yet when it runs low on space — add the app to the home screen, or ask your manager.',
    );
  });
});
