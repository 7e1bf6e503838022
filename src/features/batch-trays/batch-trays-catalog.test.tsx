// @vitest-environment jsdom
import { signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BatchTraysMessages as M } from '../../../contract/batch-trays';
import { traysOf } from '../../../server/test/digitizing';
import { openBatch, COL, trayRow } from './trays-editor-support';

/** The editor and the catalog modal against the real server (SQLite), via app.inject. */
const t = startRealServer();

describe('BatchTraysPage with the catalog', () => {
  it('Open catalog shows the list; the toggle opens a mould, Add item puts a new tray at the end', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(1, 'Attic 1 - bricks');
    const before = await traysOf(t, 1);
    const last = before[before.length - 1];

    fireEvent.click(screen.getByRole('button', { name: 'Open catalog' }));
    expect(await screen.findByText('Select a type and theme or category')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Toggle off: a double-click on a mould edits it.
    fireEvent.doubleClick(within(trayRow(1)).getAllByRole('gridcell')[COL.mold]);
    const input = await screen.findByRole('textbox', { name: 'mold_id of tray 1' });
    fireEvent.keyDown(input, { key: 'Escape' });

    // Toggle on: the same double-click opens that mould's info in the catalog.
    fireEvent.click(screen.getByRole('switch', { name: 'Open moulds in the catalog' }));
    fireEvent.doubleClick(within(trayRow(1)).getAllByRole('gridcell')[COL.mold]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Description' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));

    const nr = last.tray_nr + 1;
    await screen.findByRole('row', { name: `tray ${nr}` });
    const after = await traysOf(t, 1);
    expect(after).toHaveLength(before.length + 1);
    expect(after[after.length - 1]).toMatchObject({
      tray_nr: nr,
      mold_id: before[0].mold_id,
      quantity: 1,
      status: 'ready for filling',
      condition: 'NEW',
      accepted: 0,
    });
    expect(Number(after[after.length - 1].price)).toBe(0);
    // The edit given up above (Escape) released the claim: adding needs none of its own.
    await waitFor(() => expect(screen.queryByText(/You are editing this batch/)).toBeNull());
  });

  it('refuses adding while someone else holds the batch', async () => {
    await signIn('digi.manager@demo.test');
    await openBatch(4, 'Attic 4 - slopes and tiles');
    const before = await traysOf(t, 4);
    fireEvent.click(screen.getByRole('switch', { name: 'Open moulds in the catalog' }));
    fireEvent.doubleClick(within(trayRow(1)).getAllByRole('gridcell')[COL.mold]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Description' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText(M.claimRefused)).toBeTruthy();
    expect(await traysOf(t, 4)).toHaveLength(before.length);
  });
});
