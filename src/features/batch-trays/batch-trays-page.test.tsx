// @vitest-environment jsdom
import { clearDevice, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchTraysMessages as M } from '../../../contract/batch-trays';
import { BatchTraysMutation } from '../../../contract/batch-trays';
import { listOutbox } from '../../offline';
import { trayOf } from '../../../server/test/digitizing';
import { openBatch, COL, trayRow, trayCell } from './trays-editor-support';
import { QUEUED_NOTICE } from './useBatchTrays';

/** The editor against the real server (SQLite): fetch is answered by app.inject. */
const t = startRealServer();
afterEach(clearDevice);

async function typeInto(nr: number, col: number, label: string, value: string) {
  fireEvent.doubleClick(trayCell(nr, col));
  const input = await screen.findByRole('textbox', { name: `${label} of tray ${nr}` });
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}
const claimant = async (batchId: number) =>
  (
    await t.app.db
      .selectFrom('batches')
      .select('write_permission_user_id')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow()
  ).write_permission_user_id;

describe('BatchTraysPage', () => {
  it('edits behind the claim, keeps edits pending until accepted or denied, then gives up the claim', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(1, 'Attic 1 - bricks');
    expect(screen.getByText('Attic collection 2024')).toBeTruthy();
    const before2 = await trayOf(t, 1, 2);

    await typeInto(1, COL.quantity, 'quantity', '41');
    await screen.findByText(/You are editing this batch/);
    await waitFor(() =>
      expect(within(trayRow(1)).getByRole('button', { name: 'Accept' })).toBeTruthy(),
    );
    expect(within(trayCell(1, COL.quantity)).getByText('41')).toBeTruthy();
    expect((await trayOf(t, 1, 1)).quantity).not.toBe(41);
    await typeInto(2, COL.comments, 'comments', 'cracked corner');
    await waitFor(() =>
      expect(within(trayRow(2)).getByRole('button', { name: 'Deny' })).toBeTruthy(),
    );

    // The Accepted flag is refused on a row with pending edits.
    fireEvent.click(within(trayRow(1)).getByRole('checkbox', { name: 'accepted tray 1' }));
    await screen.findByText(M.uncommitted);

    fireEvent.click(within(trayRow(1)).getByRole('button', { name: 'Accept' }));
    await waitFor(async () => expect((await trayOf(t, 1, 1)).quantity).toBe(41));
    expect(await claimant(1)).not.toBeNull();
    fireEvent.click(within(trayRow(2)).getByRole('button', { name: 'Deny' }));
    await waitFor(async () => expect(await claimant(1)).toBeNull());
    expect((await trayOf(t, 1, 2)).comments).toBe(before2.comments);
    expect(within(trayRow(2)).queryByRole('button', { name: 'Deny' })).toBeNull();

    // On a saved row a digibrick_manager toggles Accepted. The toggle sends the version of the row
    // on screen: first the saved row is read back ('not sent yet' goes), as a user would see it.
    await waitFor(() => expect(within(trayRow(1)).queryByText('not sent yet')).toBeNull());
    const accepted = (await trayOf(t, 1, 1)).accepted;
    fireEvent.click(within(trayRow(1)).getByRole('checkbox', { name: 'accepted tray 1' }));
    await waitFor(async () =>
      expect((await trayOf(t, 1, 1)).accepted).toBe(accepted === 1 ? 0 : 1),
    );
  });

  it('accept all saves every pending edit at once', async () => {
    await signIn('digi.user@demo.test');
    await openBatch(2, 'Attic 2 - plates');
    // A digibrick_user sees Accepted but cannot change it.
    expect(
      (within(trayRow(1)).getByRole('checkbox', { name: 'accepted tray 1' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    await typeInto(1, COL.quantity, 'quantity', '11');
    await waitFor(() =>
      expect(within(trayRow(1)).getByRole('button', { name: 'Accept' })).toBeTruthy(),
    );
    await typeInto(3, COL.quantity, 'quantity', '33');
    await waitFor(() =>
      expect(within(trayRow(3)).getByRole('button', { name: 'Accept' })).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept all changes' }));
    await waitFor(async () => expect((await trayOf(t, 2, 3)).quantity).toBe(33));
    expect((await trayOf(t, 2, 1)).quantity).toBe(11);
    await waitFor(async () => expect(await claimant(2)).toBeNull());
  });

  it('an edit given up (Escape) or typed back to its saved value gives up the claim', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(1, 'Attic 1 - bricks');
    fireEvent.doubleClick(trayCell(1, COL.quantity));
    const input = await screen.findByRole('textbox', { name: 'quantity of tray 1' });
    await waitFor(async () => expect(await claimant(1)).not.toBeNull());
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(async () => expect(await claimant(1)).toBeNull());

    const saved = (await trayOf(t, 1, 1)).quantity;
    await typeInto(1, COL.quantity, 'quantity', String(saved));
    // Enter went on to the cell below; Escape there ends the editing.
    fireEvent.keyDown(await screen.findByRole('textbox', { name: 'quantity of tray 2' }), {
      key: 'Escape',
    });
    await waitFor(async () => expect(await claimant(1)).toBeNull());
    expect(within(trayRow(1)).queryByRole('button', { name: 'Accept' })).toBeNull();
    // Editing again right after takes the claim again.
    await typeInto(1, COL.quantity, 'quantity', String(saved + 1));
    await waitFor(() =>
      expect(within(trayRow(1)).getByRole('button', { name: 'Accept' })).toBeTruthy(),
    );
    expect(await claimant(1)).not.toBeNull();
    fireEvent.click(within(trayRow(1)).getByRole('button', { name: 'Deny' }));
    await waitFor(async () => expect(await claimant(1)).toBeNull());
  });

  it('refuses an edit while someone else holds the claim', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(4, 'Attic 4 - slopes and tiles');
    screen.getByText(/is editing this batch since/);
    fireEvent.doubleClick(trayCell(1, COL.quantity));
    await screen.findByText(M.claimRefused);
    expect(screen.queryByRole('textbox', { name: 'quantity of tray 1' })).toBeNull();
  });

  it('sorts on a header click, selects with click, ctrl-click and shift-click, duplicates and splits', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(3, 'Attic 3 - technic');
    const header = screen.getByRole('button', { name: 'Quantity' });
    fireEvent.click(header);
    const quantities = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => Number(within(r).getAllByRole('gridcell')[COL.quantity].textContent));
    const asc = quantities();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    fireEvent.click(screen.getByRole('button', { name: /Quantity/ }));
    const desc = quantities();
    expect(desc).toEqual([...asc].sort((a, b) => b - a));
    fireEvent.click(screen.getByRole('button', { name: /Tray/ }));

    fireEvent.click(trayRow(1));
    fireEvent.click(trayRow(3), { shiftKey: true });
    const selected = () =>
      screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true').length;
    expect(selected()).toBe(3);
    fireEvent.click(trayRow(2), { ctrlKey: true });
    expect(selected()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate items' }));
    await screen.findByRole('row', { name: 'tray 12' });
    fireEvent.click(trayRow(11));
    fireEvent.click(trayRow(12), { ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Split items' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    await within(dialog).findByText('Give a name please');
    fireEvent.change(within(dialog).getByLabelText(M.splitNameLabel), {
      target: { value: 'Attic 3b' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'tray 12' })).toBeNull());
    const moved = await t.app.db
      .selectFrom('trays')
      .innerJoin('batches', 'batches.id', 'trays.batch_id')
      .select('trays.tray_nr')
      .where('batches.name', '=', 'Attic 3b')
      .execute();
    expect(moved.map((m) => m.tray_nr).sort()).toEqual([1, 2]);
    await waitFor(async () => expect(await claimant(3)).toBeNull());
  });

  it('a condition without variants clears the item; the variant modal asks for one or creates it', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(5, 'Estate lot - first crate', 2);
    const tray = await trayOf(t, 5, 1);
    const taken = await t.app.db
      .selectFrom('items')
      .select('condition')
      .where('mold_id', '=', tray.mold_id!)
      .where('colour_id', '=', tray.colour_id!)
      .execute();
    const free = (['NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE'] as const).find(
      (c) => !taken.some((x) => x.condition === c),
    )!;
    expect(free).toBeTruthy();

    // Hovering over the mould shows its name.
    fireEvent.mouseEnter(trayCell(1, COL.mold).firstElementChild!);
    const card = await screen.findByRole('tooltip');
    expect(card.textContent).toBeTruthy();

    fireEvent.doubleClick(trayCell(1, COL.condition));
    const select = await screen.findByRole('combobox', { name: 'condition of tray 1' });
    fireEvent.change(select, { target: { value: free } });
    await waitFor(() =>
      expect(within(trayRow(1)).getByRole('button', { name: 'Accept' })).toBeTruthy(),
    );
    // The item is cleared: no variant of this mould, colour and condition exists.
    await waitFor(() => expect(trayCell(1, COL.item).querySelector('b')?.textContent).toBe('—'));

    fireEvent.doubleClick(trayCell(1, COL.item));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('There are no variants yet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this variant' }));
    await within(dialog).findByText(M.selectVariant);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create variant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(trayRow(1)).getByRole('button', { name: 'Accept' }));
    await waitFor(async () => expect((await trayOf(t, 5, 1)).condition).toBe(free));
    const saved = await trayOf(t, 5, 1);
    const variant = await t.app.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', saved.item_id!)
      .executeTakeFirstOrThrow();
    expect(variant).toMatchObject({ condition: free, is_public: 1, note_public: '' });

    // The extra info of a tray.
    fireEvent.click(within(trayRow(1)).getByRole('button', { name: 'info of tray 1' }));
    const info = await screen.findByRole('dialog');
    expect(within(info).getByText('Creation date')).toBeTruthy();
    expect(within(info).getByText('Total price')).toBeTruthy();
    // People by name, never by id.
    const creator = within(info).getByText('Created by').closest('tr')!;
    expect(creator.textContent).not.toMatch(/\d/);
  });

  it('offline, accepted edits go into the outbox and show as not sent yet', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(1, 'Attic 1 - bricks');
    await t.whileOffline(async () => {
      await typeInto(4, COL.quantity, 'quantity', '77');
      await waitFor(() =>
        expect(within(trayRow(4)).getByRole('button', { name: 'Accept' })).toBeTruthy(),
      );
      fireEvent.click(within(trayRow(4)).getByRole('button', { name: 'Accept' }));
      await screen.findByText(QUEUED_NOTICE);
      await within(trayRow(4)).findByText('not sent yet');
      expect(within(trayCell(4, COL.quantity)).getByText('77')).toBeTruthy();
      const entries = (await listOutbox()).filter((e) => e.name === BatchTraysMutation.save);
      expect(entries).toHaveLength(1);
      expect(entries[0].args).toMatchObject({
        project_id: 1,
        batch_id: 1,
        trays: [expect.objectContaining({ quantity: 77 })],
      });
      // Kept beside the entry for the sync problems list: batch name, tray number, what changed.
      expect(entries[0].local).toEqual({
        batch_name: 'Attic 1 - bricks',
        trays: [{ tray_nr: 4, changed: ['quantity'] }],
      });
    });
    expect((await trayOf(t, 1, 4)).quantity).not.toBe(77);
  });

  it('shows a price to the thousandth and keeps it through a quantity-only edit', async () => {
    await t.app.db
      .updateTable('trays')
      .set({ price: 133 })
      .where('batch_id', '=', 2)
      .where('tray_nr', '=', 2)
      .execute();
    await signIn('digi.manager@demo.test');
    await openBatch(2, 'Attic 2 - plates');
    expect(trayCell(2, COL.price).textContent).toBe('0.133');
    const accept = async () => {
      await waitFor(() =>
        expect(within(trayRow(2)).getByRole('button', { name: 'Accept' })).toBeTruthy(),
      );
      fireEvent.click(within(trayRow(2)).getByRole('button', { name: 'Accept' }));
      // Sent: the row shows the saved values again, no longer "not sent yet".
      await waitFor(() => {
        expect(within(trayRow(2)).queryByRole('button', { name: 'Accept' })).toBeNull();
        expect(within(trayRow(2)).queryByText('not sent yet')).toBeNull();
      });
    };
    await typeInto(2, COL.quantity, 'quantity', '9');
    await accept();
    expect(await trayOf(t, 2, 2)).toMatchObject({ quantity: 9, price: 133 });
    expect(trayCell(2, COL.price).textContent).toBe('0.133');
    // A price typed with a comma and thousandths is saved as typed.
    await typeInto(2, COL.price, 'price', '0,245');
    await accept();
    expect((await trayOf(t, 2, 2)).price).toBe(245);
    expect(trayCell(2, COL.price).textContent).toBe('0.245');
    await waitFor(async () => expect(await claimant(2)).toBeNull());
  });
});
