// @vitest-environment jsdom
import { choose, clearDevice, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { traysOf } from '../../../server/test/digitizing';
import { openBatch, COL, trayRow, trayCell } from './trays-editor-support';
import { priceText } from './columns';
import { getDb } from '../../offline/engine';
import { ARE_YOU_SURE } from './ConfirmActions';

/** The editor against the real server (SQLite, demo data): confirmations, undo, keyboard, picker. */
const t = startRealServer();
afterEach(clearDevice);

describe('the trays editor asks before destroying and can undo', () => {
  it('delete says which trays go, asks, and Undo puts them back exactly', async () => {
    await signIn('digi.user@demo.test');
    await openBatch(2, 'Attic 2 - plates');
    const before = await traysOf(t, 2);
    fireEvent.click(trayRow(2));
    fireEvent.click(trayRow(4), { ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete items' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Trays 2, 4 are removed from the batch.')).toBeTruthy();
    expect(within(dialog).getByText(ARE_YOU_SURE)).toBeTruthy();
    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await traysOf(t, 2)).length).toBe(before.length);

    fireEvent.click(screen.getByRole('button', { name: 'Delete items' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: 'tray 4' })).toBeNull());
    expect((await traysOf(t, 2)).map((r) => r.tray_nr)).not.toContain(2);

    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByRole('row', { name: 'tray 4' });
    const after = await traysOf(t, 2);
    const content = (rows: typeof before) =>
      rows.map(({ id: _i, version: _v, ...rest }) => ({ ...rest, price: Number(rest.price) }));
    expect(content(after)).toEqual(content(before));
  }, 60_000);

  it('a deleted tray takes its pending edit off the device too', async () => {
    await signIn('digi.user@demo.test');
    await openBatch(2, 'Attic 2 - plates');
    for (const nr of [2, 3]) {
      fireEvent.doubleClick(trayCell(nr, COL.quantity));
      const input = await screen.findByRole('textbox', { name: `quantity of tray ${nr}` });
      fireEvent.change(input, { target: { value: String(40 + nr) } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    await screen.findByText('2 edits not accepted yet');
    const trayId = async (nr: number) => (await traysOf(t, 2)).find((r) => r.tray_nr === nr)!.id;
    const [two, three] = [await trayId(2), await trayId(3)];
    const stored = async () =>
      (await getDb().trayEdits.toArray()).filter((e) => e.batch_id === 2).map((e) => e.tray_id);
    expect((await stored()).sort()).toEqual([two, three].sort());

    fireEvent.click(trayRow(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete items' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: 'tray 2' })).toBeNull());
    await screen.findByText('1 edit not accepted yet');
    await waitFor(async () => expect(await stored()).toEqual([three]));
    // Put the batch back as it was for the next test.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByRole('row', { name: 'tray 2' });
    fireEvent.click(screen.getByRole('button', { name: 'Deny all changes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  }, 60_000);

  it('update prices lists each old → new price before it changes them', async () => {
    await signIn('digi.manager@demo.test');
    const tray1 = (await traysOf(t, 3))[0]!;
    const item = await t.app.db
      .selectFrom('items')
      .select('price')
      .where('id', '=', tray1.item_id!)
      .executeTakeFirstOrThrow();
    // The tray's price differs from its variant's.
    await t.app.db
      .updateTable('trays')
      .set({ price: Number(item.price) + 50 })
      .where('id', '=', tray1.id)
      .execute();
    await openBatch(3, 'Attic 3 - technic');
    fireEvent.click(trayRow(1));
    fireEvent.click(screen.getByRole('button', { name: 'Update prices' }));
    const table = await screen.findByRole('table', { name: 'Price changes' });
    const from = priceText((Number(item.price) + 50) / 1000);
    const to = priceText(Number(item.price) / 1000);
    expect(within(table).getByText(`€ ${from}`)).toBeTruthy();
    expect(within(table).getByText(`→ € ${to}`)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update prices' }));
    await waitFor(async () =>
      expect(Number((await traysOf(t, 3))[0]!.price)).toBe(Number(item.price)),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(async () =>
      expect(Number((await traysOf(t, 3))[0]!.price)).toBe(Number(item.price) + 50),
    );
  });
});

describe('grid keys, set a column, mould picker', () => {
  it('Enter moves down, Tab right, Escape drops the edit', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(1, 'Attic 1 - bricks');
    fireEvent.doubleClick(trayCell(1, COL.quantity));
    let input = await screen.findByRole('textbox', { name: 'quantity of tray 1' });
    fireEvent.change(input, { target: { value: '21' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    input = await screen.findByRole('textbox', { name: 'quantity of tray 2' });
    fireEvent.change(input, { target: { value: '22' } });
    fireEvent.keyDown(input, { key: 'Tab' });
    input = await screen.findByRole('textbox', { name: 'price of tray 2' });
    fireEvent.change(input, { target: { value: '9,5' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(within(trayCell(1, COL.quantity)).getByText('21')).toBeTruthy();
    expect(within(trayCell(2, COL.quantity)).getByText('22')).toBeTruthy();
    expect(trayCell(2, COL.price).querySelector('b')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deny all changes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull());
  });

  it('sets one column for the selected rows as pending edits, and picks a mould by name', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(5, 'Estate lot - first crate', 2);
    fireEvent.click(trayRow(1));
    fireEvent.click(trayRow(3), { shiftKey: true });
    await choose(screen.getByRole('combobox', { name: 'Column to set' }), 'Comments');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value to set' }), {
      target: { value: 'sorted twice' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply to 3 selected' }));
    for (const nr of [1, 2, 3])
      await waitFor(() =>
        expect(within(trayCell(nr, COL.comments)).getByText('sorted twice')).toBeTruthy(),
      );
    expect(within(trayRow(4)).queryByRole('button', { name: 'Accept' })).toBeNull();

    // The mould picker: search by name, a click puts the mould in the cell.
    const mould = await t.app.db
      .selectFrom('moulds')
      .select(['id', 'name'])
      .where('type_id', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    fireEvent.doubleClick(trayCell(4, COL.mold));
    fireEvent.click(await screen.findByRole('button', { name: 'Find a mould' }));
    const picker = await screen.findByRole('dialog', { name: 'Mould of tray 4' });
    fireEvent.change(within(picker).getByRole('textbox', { name: 'Search moulds' }), {
      target: { value: mould.name },
    });
    fireEvent.click(
      await within(picker).findByRole('option', { name: `${mould.name} (${mould.id})` }),
    );
    await waitFor(() =>
      expect(within(trayCell(4, COL.mold)).getByText(String(mould.id))).toBeTruthy(),
    );
  });
});
