// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScanBar, scanService, useScan, type ScanSource } from './index';

type Received = { screen: string; code: string; source: ScanSource };

function Screen({
  name,
  log,
  enabled = true,
}: {
  name: string;
  log: Received[];
  enabled?: boolean;
}) {
  const [last, setLast] = useState('');
  useScan(
    (code, source) => {
      log.push({ screen: name, code, source });
      setLast(code);
    },
    { enabled },
  );
  return (
    <p>
      {name}: {last || 'nothing yet'}
    </p>
  );
}

/** A real wedge scanner types far faster than jsdom dispatches events. */
function wedgeScan(code: string) {
  for (const key of code) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

afterEach(() => cleanup());

describe('useScan', () => {
  it('delivers only to the latest mounted subscriber, then to the one before when it leaves', () => {
    const log: Received[] = [];
    const first = render(<Screen name="picker" log={log} />);
    const second = render(<Screen name="filler" log={log} />);

    act(() => wedgeScan('h1-a02'));
    expect(log).toEqual([{ screen: 'filler', code: 'H1-A02', source: 'wedge' }]);

    second.unmount();
    act(() => void scanService.emit('H1-A03', 'camera'));
    expect(log.at(-1)).toEqual({ screen: 'picker', code: 'H1-A03', source: 'camera' });

    first.unmount();
    expect(scanService.subscriberCount).toBe(0);
    act(() => wedgeScan('H1-A04'));
    expect(scanService.emit('H1-A05', 'manual')).toBe(false);
    expect(log).toHaveLength(2);
  });

  it('does not subscribe while disabled', () => {
    const log: Received[] = [];
    const view = render(<Screen name="picker" log={log} enabled={false} />);
    expect(scanService.subscriberCount).toBe(0);
    act(() => wedgeScan('H1-A02'));
    expect(log).toEqual([]);
    view.rerender(<Screen name="picker" log={log} enabled />);
    act(() => wedgeScan('H1-A02'));
    expect(log).toEqual([{ screen: 'picker', code: 'H1-A02', source: 'wedge' }]);
  });

  it('uses the newest callback without subscribing again', () => {
    const log: Received[] = [];
    const view = render(<Screen name="old" log={log} />);
    view.rerender(<Screen name="new" log={log} />);
    expect(scanService.subscriberCount).toBe(1);
    act(() => void scanService.emit('rcv', 'manual'));
    expect(log).toEqual([{ screen: 'new', code: 'RCV', source: 'manual' }]);
  });
});

describe('ScanBar', () => {
  /** The picker screen under the scan bar; the log of what the screen receives. */
  function pickerWithScanBar(): Received[] {
    const log: Received[] = [];
    render(
      <MantineProvider>
        <Screen name="picker" log={log} />
        <ScanBar />
      </MantineProvider>,
    );
    return log;
  }

  it('sends a typed code to the screen as manual entry, on Enter, and clears the field', async () => {
    const log = pickerWithScanBar();
    expect(screen.getByText('Scan a location code')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Location code' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' h1-a02-r03-s2-b4 ' } });
    fireEvent.submit(input.form!);
    await screen.findByText('picker: H1-A02-R03-S2-B4');
    expect(log).toEqual([{ screen: 'picker', code: 'H1-A02-R03-S2-B4', source: 'manual' }]);
    expect(input.value).toBe('');
  });

  it('does not let the wedge detector steal Enter from the manual field', () => {
    const log = pickerWithScanBar();
    const input = screen.getByRole('textbox', { name: 'Location code' }) as HTMLInputElement;
    input.focus();
    for (const key of 'H1-A02') fireEvent.keyDown(input, { key });
    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    expect(enter).toBe(true);
    expect(log).toEqual([]);
  });
});
