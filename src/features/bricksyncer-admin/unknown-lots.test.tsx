// @vitest-environment jsdom
import { renderAt, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnknownLotMessages as M } from '../../../contract/unknown-lots';
import { nowIso } from '../../../server/db/dialect';
import { addStore, bricklinkParts } from '../../../server/test/jobs';
import { useSession } from '../../app/session';
import StockIssuesPage from './StockIssuesPage';

const t = startRealServer({ signedInAs: 'syncer@demo.test' });

/** The row of lot `lotId` in the table of lots the warehouse does not know. */
const rowOf = async (lotId: string) => screen.findByRole('row', { name: `Lot ${lotId}` });

describe('lots on the stores the warehouse does not know', () => {
  it('adopts one, tells why another cannot be, and removes one only after the question', async () => {
    const auth = `Bearer ${useSession.getState().access_token}`;
    const store = await addStore(t.app, auth, 'BRICKLINK');
    const { company_id: companyId } = await t.app.db
      .selectFrom('stores')
      .select('company_id')
      .where('id', '=', store)
      .executeTakeFirstOrThrow();
    // A NEW part of the warehouse's, and its BrickLink ids.
    const part = await bricklinkParts(t.app, companyId)
      .select(['i.id', 'm.bl_mold_id', 'c.bl_colour_id'])
      .where('i.condition', '=', 'NEW')
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const lot = (lotId: string, words: string, ids: { no: string; colour: number }) => ({
      company_id: companyId,
      store_id: store,
      external_lot_id: lotId,
      status: 'open' as const,
      words,
      item_id: null,
      quantity: 3,
      price: 250,
      bl_item_no: ids.no,
      item_type: 'P',
      boid: null,
      colour_id: ids.colour,
      condition: 'NEW',
      note_public: '',
      note_private: 'Attic',
      error: null,
      found_at: now,
      seen_at: now,
      resolved_at: null,
      resolved_by_user_id: null,
    });
    await t.app.db
      .insertInto('store_unknown_lots')
      .values([
        lot('5001', 'A part of the warehouse (new)', {
          no: part.bl_mold_id!,
          colour: Number(part.bl_colour_id),
        }),
        lot('5002', 'zz-part (P) in BrickLink colour 5 (new)', { no: 'zz-part', colour: 5 }),
      ])
      .execute();

    renderAt('/bricksyncer/issues', { '/bricksyncer/issues': <StockIssuesPage /> });
    expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
    const adoptable = await rowOf('5001');
    expect(within(adoptable).getByText('€ 0,25')).toBeTruthy();

    // Adopted: the row goes and the notice says what the lot is now.
    fireEvent.click(within(adoptable).getByRole('button', { name: 'Adopt' }));
    expect(await screen.findByText(/^Lot 5001 is now one of the warehouse's lots\./)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Lot 5001' })).toBeNull());
    const adopted = await t.app.db
      .selectFrom('store_items')
      .select(['item_id', 'store_quantity', 'note_private'])
      .where('store_id', '=', store)
      .where('external_lot_id', '=', '5001')
      .executeTakeFirstOrThrow();
    expect([Number(adopted.item_id), Number(adopted.store_quantity), adopted.note_private]).toEqual(
      [Number(part.id), 3, 'Attic'],
    );

    // No item of the warehouse for the other: the server's reason is told, nothing changes.
    const strange = await rowOf('5002');
    fireEvent.click(within(strange).getByRole('button', { name: 'Adopt' }));
    const told = await screen.findByText((text) =>
      text.includes(M.noItem('5002', 'zz-part (P) in BrickLink colour 5 (new)')),
    );
    expect(told.textContent).toMatch(/Status: 409/);

    // Remove asks first; Keep it changes nothing.
    const status = async () =>
      (
        await t.app.db
          .selectFrom('store_unknown_lots')
          .select('status')
          .where('external_lot_id', '=', '5002')
          .executeTakeFirstOrThrow()
      ).status;
    const question = M.removeQuestion(
      '5002',
      'zz-part (P) in BrickLink colour 5 (new)',
      3,
      (
        await t.app.db
          .selectFrom('stores')
          .select('name')
          .where('id', '=', store)
          .executeTakeFirstOrThrow()
      ).name,
    );
    fireEvent.click(within(strange).getByRole('button', { name: 'Remove from the store' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(question)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await status()).toBe('open');

    fireEvent.click(
      within(await rowOf('5002')).getByRole('button', { name: 'Remove from the store' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Remove from the store',
      }),
    );
    expect(await screen.findByText(M.removing('5002'))).toBeTruthy();
    expect(await within(await rowOf('5002')).findByText('Being removed')).toBeTruthy();
    expect(await status()).toBe('removing');
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('kind')
      .where('store_id', '=', store)
      .execute();
    expect(jobs.map((j) => j.kind)).toEqual(['stock_sync']);
  });
});
