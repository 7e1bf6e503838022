// @vitest-environment jsdom
import { renderAt, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoreItemList } from '../../../contract/bricksyncer';
import { addStore } from '../../../server/test/jobs';
import { useSession } from '../../app/session';
import EditItemsPage from '../bricksyncer-admin/EditItemsPage';

const t = startRealServer({ signedInAs: 'syncer@demo.test' });

/**
 * Guides BrickLink gave today, kept by the server (so no call is made): sold average € 0,150 and
 * for-sale average € 0,250 for each item, except `unknown`, which BrickLink does not know.
 */
async function keepGuides(itemIds: number[], unknown: number) {
  const rows = await t.app.db
    .selectFrom('items as i')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('item_types as ty', 'ty.id', 'm.type_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id')
    .select(['i.id', 'i.condition', 'ty.bsx_code', 'm.bl_mold_id', 'c.bl_colour_id'])
    .where('i.id', 'in', itemIds)
    .execute();
  for (const r of rows) {
    if (r.bl_mold_id === null || r.bl_colour_id === null) continue;
    for (const [guide_type, avg] of [
      ['sold', 150],
      ['stock', 250],
    ] as const) {
      await t.app.db
        .insertInto('price_guides')
        .values({
          item_type: r.bsx_code,
          bl_item_no: r.bl_mold_id,
          bl_colour_id: Number(r.bl_colour_id),
          condition: r.condition === 'NEW' ? 'N' : 'U',
          guide_type,
          found: Number(r.id) === unknown ? 0 : 1,
          currency_code: 'EUR',
          min_price: avg - 50,
          avg_price: avg,
          max_price: avg + 50,
          qty_avg_price: avg,
          unit_quantity: 3,
          total_quantity: 30,
          fetched_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

describe('set to average ± %', () => {
  it('shows the guide beside the price, confirms old → new with counts, and saves only on confirmation', async () => {
    const auth = `Bearer ${useSession.getState().access_token}`;
    await addStore(t.app, auth, 'BRICKLINK');
    const page = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/store_items?limit=10&page=1',
        headers: { authorization: auth },
      })
    ).json() as StoreItemList;
    // Three rows of different items; BrickLink does not know the third's.
    const picked: number[] = [];
    const seen = new Set<number>();
    page.results.forEach((r, i) => {
      if (picked.length < 3 && !seen.has(r.item_id)) {
        seen.add(r.item_id);
        picked.push(i);
      }
    });
    const [a, b, c] = picked.map((i) => page.results[i]);
    await keepGuides(
      page.results.map((r) => r.item_id),
      c.item_id,
    );

    renderAt('/bricksyncer/edit_items', { '/bricksyncer/edit_items': <EditItemsPage /> });
    const rows = (await screen.findAllByRole('row')).slice(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show price guide' }));
    await waitFor(() => expect(within(rows[picked[0]]).getByText(/Sold Ø/)).toBeTruthy());
    expect(within(rows[picked[0]]).getByText(/For sale Ø\s€\s0,250/)).toBeTruthy();
    expect(within(rows[picked[2]]).getByText(/^BrickLink has no /)).toBeTruthy();

    for (const i of picked) fireEvent.click(within(rows[i]).getByRole('checkbox'));
    const open = () => fireEvent.click(screen.getByRole('button', { name: 'Set to average ± %' }));

    // Cancelled: nothing changes.
    open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('average-summary').textContent).toMatch(
      /^2 of 3 lots get a new price, 1 without a price guide keeps its\.$/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    open();
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByText('For sale now'));
    fireEvent.change(within(again).getByLabelText('Average plus or minus (%)'), {
      target: { value: '10' },
    });
    await waitFor(() =>
      expect(within(again).getAllByTestId('average-change')[0].textContent).toMatch(/0,275$/),
    );
    const lines = within(again).getAllByTestId('average-change');
    expect(lines.map((l) => l.textContent)).toEqual(
      [a, b].map((r) =>
        expect.stringContaining(`${r.mold_name} ${r.colour_name} (${r.store_name})`),
      ),
    );
    expect(lines[0].textContent).toMatch(/€\s0,\d{3}€\s0,275$/);
    const stored = await t.app.db
      .selectFrom('store_items')
      .select(['id', 'store_price'])
      .where('id', 'in', [a.id, b.id, c.id])
      .execute();
    expect(stored.find((s) => s.id === a.id)?.store_price).toBe(a.store_price);

    fireEvent.click(within(again).getByRole('button', { name: 'Set 2 prices' }));
    expect(await screen.findByText('2 prices set')).toBeTruthy();
    const after = await t.app.db
      .selectFrom('store_items')
      .select(['id', 'store_price', 'needs_upload'])
      .where('id', 'in', [a.id, b.id, c.id])
      .execute();
    const priceOf = (id: number) => after.find((s) => Number(s.id) === id);
    expect(priceOf(a.id)).toMatchObject({ store_price: 275, needs_upload: 1 });
    expect(priceOf(b.id)).toMatchObject({ store_price: 275, needs_upload: 1 });
    expect(priceOf(c.id)?.store_price).toBe(c.store_price);
    expect(within(rows[picked[0]]).getByText(/€\s0,275/)).toBeTruthy();
    expect(within(rows[picked[0]]).getByText('Not sent yet')).toBeTruthy();
  });
});
