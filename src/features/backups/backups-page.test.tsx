// @vitest-environment jsdom
import { choose, renderAt, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eurosFromThousandths, itemLabel } from '../../ui/format';
import BackupsPage from './BackupsPage';

/** The Backups screen against the real server (SQLite): fetch is answered by app.inject. */
const t = startRealServer();

const page = () => renderAt('/backup/1', { '/backup/:projectid': <BackupsPage /> });
const quantities = async (batchId: number) =>
  (
    await t.app.db
      .selectFrom('trays')
      .select(['tray_nr', 'quantity'])
      .where('batch_id', '=', batchId)
      .orderBy('tray_nr')
      .execute()
  ).map((r) => [r.tray_nr, r.quantity]);

/** The backup of batch `batchId` as the server stores it: its id and its trays. */
async function backupOf(batchId: number) {
  const backup = await t.app.db
    .selectFrom('backups')
    .select(['id', 'json'])
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  const trays = JSON.parse(backup.json) as {
    tray_nr: number;
    item_id: number;
    price: number;
    quantity: number;
  }[];
  return { id: backup.id, trays };
}

describe('BackupsPage', () => {
  it('a digibrick_user sees the cards and their stored trays as a table, without RESET', async () => {
    const first = (await backupOf(1)).trays.find((s) => s.tray_nr === 1)!;
    const item = await t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .select(['i.readable_id', 'm.name'])
      .where('i.id', '=', first.item_id)
      .executeTakeFirstOrThrow();
    await signIn('digi.user@demo.test');
    page();
    const card = await screen.findByLabelText(/^backup \d+$/);
    expect(within(card).getByText(/Attic 1 - bricks/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'RESET' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Show' }));
    expect(await within(card).findByText('Before price update')).toBeTruthy();
    const table = within(card).getByRole('table', { name: /^trays of backup/ });
    const row = within(table).getAllByRole('row')[1];
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('1');
    expect(cells[1]).toBe(
      itemLabel({ number: item.readable_id || String(first.item_id), name: item.name }),
    );
    expect(cells[6]).toBe(eurosFromThousandths(first.price));
    expect(cells[6]).toMatch(/^€\d/);
    // What people read: no ids in braces, no JSON.
    expect(within(card).queryByText(/"tray_nr"/)).toBeNull();
  });

  it('filters by batch id; a digibrick_manager resets a batch after confirming', async () => {
    const backup = await backupOf(1);
    const stored = backup.trays.map((s) => [s.tray_nr, s.quantity]).sort((a, b) => a[0] - b[0]);
    await t.app.db.updateTable('trays').set({ quantity: 0 }).where('batch_id', '=', 1).execute();
    await signIn('digi.manager@demo.test');
    page();
    await screen.findByLabelText(`backup ${backup.id}`);
    await choose(screen.getByRole('combobox', { name: 'Batch ids' }), '2 Attic 2 - plates');
    await screen.findByText('There are no backups of these batches.');
    await choose(screen.getByRole('combobox', { name: 'Batch ids' }), '1 Attic 1 - bricks');
    const card = await screen.findByLabelText(`backup ${backup.id}`);

    fireEvent.click(within(card).getByRole('button', { name: 'RESET' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to do that?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await quantities(1)).every(([, q]) => q === 0)).toBe(true);

    fireEvent.click(within(card).getByRole('button', { name: 'RESET' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'RESET' }),
    );
    await screen.findByText(`Batch Attic 1 - bricks was reset to backup ${backup.id}`);
    expect(await quantities(1)).toEqual(stored);
  });
});
