// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from './db';
import { enqueue, listOutbox } from './outbox';
import { flush } from './push';
import { watchOutbox } from './status';
import { SyncStatus } from './SyncStatus';
import { startSyncServer, type SyncServer } from './testing/syncServer';

let server: SyncServer;
let unwatch: () => void;

beforeEach(async () => {
  server = await startSyncServer();
  await Promise.all([getDb().outbox.clear(), getDb().meta.clear()]);
  unwatch = watchOutbox(getDb());
});
afterEach(async () => {
  cleanup();
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
}

describe('SyncStatus', () => {
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
