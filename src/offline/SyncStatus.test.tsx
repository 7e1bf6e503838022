// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from './db';
import { enqueue, listOutbox } from './outbox';
import { flush } from './push';
import { syncStatus, watchOutbox } from './status';
import { formatBytes } from './deviceStorage';
import { SyncStatus } from './SyncStatus';
import { pretendDevice } from '../test/deviceCapabilities';
import { startSyncServer, type SyncServer } from '../test/syncServer';

let server: SyncServer;
let unwatch: () => void;
let restoreDevice: () => void;

beforeEach(async () => {
  // A phone on HTTPS: it can work offline, so the header tells the last sync.
  restoreDevice = pretendDevice({ secureContext: true, serviceWorkers: true });
  server = await startSyncServer();
  await Promise.all([getDb().outbox.clear(), getDb().meta.clear()]);
  // The counts of the test before are not this test's: the watcher tells this outbox's.
  syncStatus.setState(syncStatus.getInitialState());
  unwatch = watchOutbox(getDb());
});
afterEach(async () => {
  cleanup();
  restoreDevice();
  unwatch();
  await server.close();
});

async function renderWithProblem() {
  await enqueue('stock.remove.v1', { qty: 40 });
  await enqueue('stock.add.v1', { qty: 1 });
  await flush({ pushFn: server.pushFn });
  // One more, never sent: shows as unsent.
  await enqueue('stock.add.v1', { qty: 2 });
  render(
    <MantineProvider>
      <SyncStatus />
    </MantineProvider>,
  );
  await screen.findByText('1 unsent');
  expect(screen.getByText(/^Last sync (just now|1 min ago)$/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Sync status' }));
  await screen.findByText('Sync problems');
  await screen.findByText('Only 10 left at this location.');
  const problem = screen.getByTestId('sync-problem');
  expect(problem.textContent).toContain('Refused');
  // The floor's words, never the change's internal name.
  expect(problem.textContent).not.toContain('stock.remove.v1');
}

describe('SyncStatus', () => {
  it('says "Online only", never a calm last sync, where the app cannot work offline', async () => {
    const back = pretendDevice({ secureContext: false, serviceWorkers: false });
    try {
      render(
        <MantineProvider>
          <SyncStatus />
        </MantineProvider>,
      );
      expect((await screen.findByTestId('last-sync')).textContent).toBe('Online only');
      expect(screen.queryByText(/Last sync|Never synced/)).toBeNull();
    } finally {
      back();
    }
  });

  it('lists rejected entries with the server message and dismisses them', async () => {
    await renderWithProblem();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('No sync problems.');
    expect((await listOutbox()).map((e) => e.state)).toEqual(['pending']);
  });

  it('retries a rejected entry as a new unsent entry', async () => {
    await renderWithProblem();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('No sync problems.');
    await screen.findByText('2 unsent');
    const entries = await listOutbox();
    expect(entries.map((e) => [e.name, e.state, e.seq])).toEqual([
      ['stock.add.v1', 'pending', 3],
      ['stock.remove.v1', 'pending', 4],
    ]);
    await waitFor(() => expect(screen.queryByTestId('sync-problem')).toBeNull());
  });
});

describe('SyncStatus: a refused claim of an order already picked', () => {
  it('is told with the order number and offers Dismiss only', async () => {
    await getDb().orders.put({ order_id: 7, order_number: 'BL-1007' });
    const entry = await enqueue('order.claim.v1', { order_id: 7 });
    await getDb().outbox.update(entry.localId!, {
      state: 'rejected',
      code: 'order_picked',
      message: 'This order has already been picked.',
    });
    await openDrawer();
    const problem = await screen.findByTestId('sync-problem');
    await waitFor(() => expect(problem.textContent).toContain('Taking Order BL-1007 to pick'));
    expect(problem.textContent).toContain('This order has already been picked.');
    expect(problem.textContent).not.toContain('Claim it again');
    expect(screen.getByTestId('sync-problem-group').textContent).toContain('Order BL-1007');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('No sync problems.');
  });
});

describe('SyncStatus: a stuck entry', () => {
  it('is told apart from a refused one and goes back to unsent on Retry', async () => {
    const entry = await enqueue('stock.add.v1', { qty: 3 });
    await getDb().outbox.update(entry.localId!, {
      state: 'stuck',
      faults: 8,
      code: 'server_fault',
      message: 'The server could not apply this change.',
    });
    const panel = await openDrawer();
    expect(panel).toBeTruthy();
    const problem = await screen.findByTestId('sync-problem');
    expect(problem.textContent).toContain('Not sent: the server failed on it');
    expect(problem.textContent).toContain('The server could not apply this change.');
    expect(problem.textContent).toContain('Tried 8 times; the changes after it went on.');
    expect(problem.textContent).not.toContain('Refused by the server');
    // Not sent: counted in the header and the drawer, as stuck.
    expect(await screen.findByText('1 unsent')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('sync-summary').textContent).toContain('1 not sent (1 stuck)'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('No sync problems.');
    expect((await listOutbox()).map((e) => [e.id, e.state])).toEqual([[entry.id, 'pending']]);
    await waitFor(() =>
      expect(screen.getByTestId('sync-summary').textContent).toContain('· 1 not sent ·'),
    );
  });
});

describe('SyncStatus: Send now', () => {
  afterEach(() => syncStatus.setState({ sendNow: null }));

  it('says everything is sent when nothing waits, and offers no Send now', async () => {
    await openDrawer();
    await waitFor(() =>
      expect(screen.getByTestId('sync-summary').textContent).toContain('Everything sent'),
    );
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('tries at once from the drawer and says how it went', async () => {
    await enqueue('stock.add.v1', { qty: 2 });
    let calls = 0;
    syncStatus.setState({
      sendNow: async () => {
        calls += 1;
        return flush({ pushFn: server.pushFn, ignoreBackoff: true });
      },
    });
    render(
      <MantineProvider>
        <SyncStatus />
      </MantineProvider>,
    );
    await screen.findByText('1 unsent');
    // A tap on the header's count opens the drawer and already tries once.
    fireEvent.click(screen.getByRole('button', { name: 'Sync status' }));
    await screen.findByText('Sent.');
    expect(calls).toBe(1);
    expect(server.state.applied.length).toBe(1);

    await enqueue('stock.add.v1', { qty: 3 });
    server.state.pushFaults.push({ kind: 'status', status: 503 });
    fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    await screen.findByText(/The server cannot be reached right now/);
    expect(calls).toBe(2);
  });
});

/** What navigator.storage answers on this "device" (jsdom has no StorageManager). */
function deviceStorage(storage: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
}

async function openDrawer() {
  render(
    <MantineProvider>
      <SyncStatus />
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Sync status' }));
  return screen.findByTestId('device-storage');
}

describe('SyncStatus: storage on this device', () => {
  afterEach(() => deviceStorage(undefined));

  it('shows used and available storage and that the data is kept', async () => {
    deviceStorage({
      estimate: async () => ({ usage: 12.5 * 1024 * 1024, quota: 2 * 1024 ** 3 }),
      persisted: async () => true,
    });
    const panel = await openDrawer();
    await waitFor(() =>
      expect(panel.textContent).toContain('12.5 MB used of 2.0 GB available (1%)'),
    );
    expect(panel.textContent).toContain('Persistent: the browser keeps the app’s data');
    expect(screen.queryByText('Storage nearly full')).toBeNull();
  });

  it('warns when the storage is nearly full and not persistent', async () => {
    deviceStorage({
      estimate: async () => ({ usage: 95 * 1024 * 1024, quota: 100 * 1024 * 1024 }),
      persisted: async () => false,
    });
    const panel = await openDrawer();
    await screen.findByText('Storage nearly full');
    expect(panel.textContent).toContain('95.0 MB used of 100 MB available (95%)');
    expect(panel.textContent).toContain('Not persistent: when the device runs low on space');
  });

  it('says so plainly when the browser cannot tell', async () => {
    deviceStorage(undefined);
    const panel = await openDrawer();
    await waitFor(() =>
      expect(panel.textContent).toContain(
        'This browser does not tell how much storage the app uses.',
      ),
    );
    expect(panel.textContent).toContain('does not tell whether it keeps the app’s data');
  });

  it('shows what it is told when only part of the API answers', async () => {
    deviceStorage({
      estimate: async () => ({ usage: 2048 }),
      persisted: () => Promise.reject(new Error('not allowed')),
    });
    const panel = await openDrawer();
    await waitFor(() =>
      expect(panel.textContent).toContain(
        '2.0 KB used; this browser does not tell how much is available.',
      ),
    );
    expect(panel.textContent).toContain('does not tell whether it keeps');
  });

  it('formats sizes the way people read them', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
  });
});

describe('SyncStatus: storage trouble in the header', () => {
  afterEach(() => deviceStorage(undefined));

  it('shows a nearly full device in the header, and what to do on a tap', async () => {
    deviceStorage({
      estimate: async () => ({ usage: 95 * 1024 * 1024, quota: 100 * 1024 * 1024 }),
      persisted: async () => true,
    });
    render(
      <MantineProvider>
        <SyncStatus />
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Storage nearly full' }));
    await screen.findByText(/New picks and fills may not be saved on this device/);
  });

  it('warns of unsent changes the browser may delete, and nothing when all is sent', async () => {
    deviceStorage({
      estimate: async () => ({ usage: 1024, quota: 100 * 1024 * 1024 }),
      persisted: async () => false,
    });
    const view = render(
      <MantineProvider>
        <SyncStatus />
      </MantineProvider>,
    );
    await screen.findByTestId('last-sync');
    expect(screen.queryByTestId('storage-warning')).toBeNull();
    view.unmount();

    await enqueue('stock.add.v1', { qty: 1 });
    render(
      <MantineProvider>
        <SyncStatus />
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Unsent changes at risk' }));
    await screen.findByText(/1 change not sent yet included/);
  });
});
