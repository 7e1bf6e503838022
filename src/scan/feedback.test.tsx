// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signalScan } from './feedback';
import { ScanSettingsMenu } from './ScanSettingsMenu';
import { createScanService, scanService } from './service';
import {
  readScanSettings,
  reloadScanSettings,
  SCAN_SETTINGS_KEY,
  writeScanSettings,
} from './settings';

let vibrate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  reloadScanSettings();
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  reloadScanSettings();
});

/** A wedge burst: every key in one task, then Enter. */
function burst(code: string) {
  const press = (key: string) =>
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
  for (const ch of code) press(ch);
  press('Enter');
}

describe('a scan is heard and felt', () => {
  it('the screen saying the code is wrong is a bad scan, anything else a good one', () => {
    const signals: boolean[] = [];
    const service = createScanService(null, {}, (good) => signals.push(good));
    const off = service.subscribe((code) => (code === 'A1' ? undefined : false));
    service.emit('A1', 'manual');
    service.emit('B7', 'camera');
    off();
    expect(service.emit('A1', 'manual')).toBe(false); // nobody listening: no signal either
    expect(signals).toEqual([true, false]);
  });

  it('one buzz for a good scan, a double buzz for a bad one, nothing when muted', () => {
    signalScan(true);
    signalScan(false);
    expect(vibrate.mock.calls).toEqual([[50], [[80, 60, 80]]]);
    writeScanSettings({ sound: false });
    signalScan(true);
    signalScan(false);
    expect(vibrate).toHaveBeenCalledTimes(2);
  });
});

describe('scanner settings of the device', () => {
  it('admit 2-character codes by default and keep a change in localStorage', () => {
    expect(readScanSettings()).toEqual({ sound: true, minLength: 2 });
    writeScanSettings({ minLength: 4 });
    reloadScanSettings();
    expect(readScanSettings().minLength).toBe(4);
    expect(JSON.parse(localStorage.getItem(SCAN_SETTINGS_KEY)!)).toEqual({
      sound: true,
      minLength: 4,
    });
    writeScanSettings({ minLength: 0 });
    expect(readScanSettings().minLength).toBe(1);
    localStorage.setItem(SCAN_SETTINGS_KEY, '{not json');
    reloadScanSettings();
    expect(readScanSettings()).toEqual({ sound: true, minLength: 2 });
  });

  it("the page's wedge follows the shortest code length", () => {
    const codes: string[] = [];
    const off = scanService.subscribe((code) => codes.push(code));
    try {
      burst('A1');
      writeScanSettings({ minLength: 3 });
      burst('B2');
      burst('C33');
      writeScanSettings({ minLength: 2 });
      burst('D4');
    } finally {
      off();
    }
    expect(codes).toEqual(['A1', 'C33', 'D4']);
  });

  it('the settings menu mutes the scan and sets the length', async () => {
    render(
      <MantineProvider>
        <ScanSettingsMenu />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Scanner settings' }));
    const sound = await screen.findByRole('switch', { name: 'Sound and vibration on a scan' });
    expect(sound).toHaveProperty('checked', true);
    fireEvent.click(sound);
    expect(readScanSettings().sound).toBe(false);
    const length = screen.getByLabelText('Shortest code from the handheld scanner');
    expect(length).toHaveProperty('value', '2');
    fireEvent.change(length, { target: { value: '3' } });
    expect(readScanSettings().minLength).toBe(3);
    expect(JSON.parse(localStorage.getItem(SCAN_SETTINGS_KEY)!)).toEqual({
      sound: false,
      minLength: 3,
    });
  });
});
