// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../offline/db';
import { enqueue } from '../offline/outbox';
import { flush } from '../offline/push';
import { Providers } from '../test/render';
import { startSyncServer, type SyncServer } from '../test/syncServer';
import { ReportIssueModal, type IssueReport } from './ReportIssueModal';

let server: SyncServer;

beforeEach(async () => {
  server = await startSyncServer();
  await getDb().outbox.clear();
});

/** The report goes into the device's outbox (here as a change the test server knows). */
const queue = () => enqueue('stock.add.v1', { qty: 1 });

/** The server receives the outbox (as the sync engine would send it). */
const sendToServer = () => flush({ pushFn: server.pushFn });

function setOnLine(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
}

function open(
  sent: IssueReport[],
  closed: string[],
  onSend = async (report: IssueReport) => {
    sent.push(report);
    return queue();
  },
) {
  render(
    <Providers>
      <ReportIssueModal
        opened
        onClose={() => closed.push('closed')}
        types={['Item damaged', 'Other']}
        onSend={onSend}
      />
    </Providers>,
  );
}

// jsdom has no document.fonts; the note's autosize listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

afterEach(async () => {
  cleanup();
  notifications.clean();
  setOnLine(true);
  await server.close();
});

describe('ReportIssueModal', () => {
  it('asks for the type first and sends nothing without it', async () => {
    const sent: IssueReport[] = [];
    const closed: string[] = [];
    open(sent, closed);
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findAllByText('Please select the type of your issue')).not.toHaveLength(0);
    expect(sent).toEqual([]);
    expect(closed).toEqual([]);
  });

  it('sends the type, the trimmed note and the recipient, then thanks that recipient', async () => {
    const sent: IssueReport[] = [];
    const closed: string[] = [];
    open(sent, closed);
    fireEvent.click(screen.getByPlaceholderText('Select the type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Item damaged' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Both' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: '  corner broken ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Thanked once the server has the report, not before.
    expect(screen.queryByText(/have been notified/)).toBeNull();
    await sendToServer();
    expect(
      await screen.findByText(
        'Thank you, the Warehouse Manager and Order manager have been notified!',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ type: 'Item damaged', note: 'corner broken', managerId: 3 }]);
    await waitFor(() => expect(closed).toEqual(['closed']));
  });

  it('stays open with what was typed when the device cannot save the report', async () => {
    const closed: string[] = [];
    let fail = true;
    const sent: IssueReport[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open(sent, closed, async (report) => {
      if (fail) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      sent.push(report);
      return queue();
    });
    fireEvent.click(screen.getByPlaceholderText('Select the type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'shelf loose' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/This device's storage is full/)).toBeTruthy();
    expect(screen.getByText(/your report was NOT saved/)).toBeTruthy();
    expect(screen.queryByText('Thank you, the Warehouse Manager has been notified!')).toBeNull();
    expect(closed).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveProperty('value', 'shelf loose');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await sendToServer();
    expect(
      await screen.findByText('Thank you, the Warehouse Manager has been notified!'),
    ).toBeTruthy();
    expect(sent).toEqual([{ type: 'Other', note: 'shelf loose', managerId: 1 }]);
    vi.restoreAllMocks();
  });

  it('says the report is saved on the device while offline, never that the manager knows', async () => {
    setOnLine(false);
    const sent: IssueReport[] = [];
    open(sent, []);
    fireEvent.click(screen.getByPlaceholderText('Select the type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Report saved on this device — it is sent when the network is back.'),
    ).toBeTruthy();
    expect(screen.queryByText(/has been notified/)).toBeNull();
  });
});
