// @vitest-environment jsdom
import { renderAt, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AveragePlan, PriceLotList } from '../../../contract/price-lots';
import { useSession } from '../../app/session';
import EditItemsPage from '../bricksyncer-admin/EditItemsPage';

const t = startRealServer({ signedInAs: 'syncer@demo.test' });

/** What the server answers the signed-in bricksyncer. */
async function ask<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${useSession.getState().access_token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** Guides BrickLink gave today, kept by the server: sold average € 0,150, for sale € 0,250. */
async function keepGuides(storeItemIds: number[]) {
  const rows = await t.app.db
    .selectFrom('store_items as si')
    .innerJoin('items as i', 'i.id', 'si.item_id')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('item_types as ty', 'ty.id', 'm.type_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id')
    .select(['i.condition', 'ty.bsx_code', 'm.bl_mold_id', 'c.bl_colour_id'])
    .where('si.id', 'in', storeItemIds)
    .execute();
  for (const r of rows) {
    for (const [guide_type, avg] of [
      ['sold', 150],
      ['stock', 250],
    ] as const) {
      await t.app.db
        .insertInto('price_guides')
        .values({
          item_type: r.bsx_code,
          bl_item_no: r.bl_mold_id!,
          bl_colour_id: Number(r.bl_colour_id),
          condition: r.condition === 'NEW' ? 'N' : 'U',
          guide_type,
          found: 1,
          currency_code: 'EUR',
          min_price: avg,
          avg_price: avg,
          max_price: avg,
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

const rowCount = () => screen.getAllByRole('row').length - 1;
const found = () => screen.getByTestId('lots-found').textContent;

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('Edit prices: search, filters, page size, Set all found to average', () => {
  it('searches on the server, pages 10 or 25 at a time, and sets every lot found after a confirmation that counts them', async () => {
    const lots = await t.app.db.selectFrom('store_items').select('id').orderBy('id').execute();
    await keepGuides(lots.slice(0, 20).map((l) => Number(l.id)));

    renderAt('/bricksyncer/edit_items', { '/bricksyncer/edit_items': <EditItemsPage /> });
    await waitFor(() => expect(rowCount()).toBe(10));
    expect(found()).toBe('30 items on sale');

    await choose('Per page', '25');
    await waitFor(() => expect(rowCount()).toBe(25));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(rowCount()).toBe(5));

    // The search is the server's: item number, name, colour and condition words.
    const number = (await ask<PriceLotList>('GET', '/v1/price_lots?limit=1')).results[0]
      .bl_item_no!;
    const byNumber = await ask<PriceLotList>('GET', `/v1/price_lots?q=${number}&limit=25`);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), {
      target: { value: number },
    });
    await waitFor(() => expect(found()).toBe(`${byNumber.count} items on sale found`));
    expect(rowCount()).toBe(Math.min(25, byNumber.count));
    for (const row of screen.getAllByRole('row').slice(1))
      expect(row.textContent).toMatch(new RegExp(`${number}\\w* · `));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), {
      target: { value: 'no such brick' },
    });
    expect(await screen.findByText('No items on sale match the search.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: '' } });
    await waitFor(() => expect(found()).toBe('30 items on sale'));

    // Only the lots with a price guide, 10 a page: more than one page.
    await choose('Per page', '10');
    await choose('Price guide', 'With a price guide');
    const withGuide = await ask<PriceLotList>('GET', '/v1/price_lots?guide=with&limit=250');
    expect(withGuide.count).toBeGreaterThan(10);
    await waitFor(() => expect(found()).toBe(`${withGuide.count} items on sale found`));
    expect(rowCount()).toBe(10);

    const plan = await ask<AveragePlan>('POST', '/v1/price_lots_average_plan', {
      guide: 'with',
      set_to: 'stock',
      percent: 10,
    });
    expect(plan.changes).toBeGreaterThan(10);
    const open = () =>
      fireEvent.click(
        screen.getByRole('button', {
          name: `Set all ${withGuide.count} found to average ± %`,
        }),
      );

    // Cancelled: nothing changes.
    open();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('For sale now'));
    fireEvent.change(within(dialog).getByLabelText('Average plus or minus (%)'), {
      target: { value: '10' },
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('all-average-summary').textContent).toBe(
        `${plan.changes} of ${plan.lots} lots get a new price${
          plan.unchanged ? `, ${plan.unchanged} already have it` : ''
        }.`,
      ),
    );
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('all-average-change')[0].textContent).toMatch(
        /€\s0,\d{3}€\s0,275$/,
      ),
    );
    const lines = within(dialog).getAllByTestId('all-average-change');
    expect(lines).toHaveLength(10);
    expect(lines.every((l) => /€\s0,275$/.test(l.textContent ?? ''))).toBe(true);
    expect(within(dialog).getByText(`… and ${plan.changes - 10} more`)).toBeTruthy();
    const before = await t.app.db
      .selectFrom('store_items')
      .select(['id', 'store_price', 'needs_upload'])
      .orderBy('id')
      .execute();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await t.app.db
        .selectFrom('store_items')
        .select(['id', 'store_price', 'needs_upload'])
        .orderBy('id')
        .execute(),
    ).toEqual(before);

    open();
    const again = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(again).getByTestId('all-average-summary').textContent).toMatch(
        new RegExp(`^${plan.changes} of ${plan.lots} lots get a new price`),
      ),
    );
    fireEvent.click(within(again).getByRole('button', { name: `Set ${plan.changes} prices` }));
    await waitFor(() =>
      expect(within(again).getByTestId('all-average-progress').textContent).toMatch(
        new RegExp(`^Done: ${plan.changes} prices set`),
      ),
    );
    const guided = new Set(withGuide.results.map((r) => r.id));
    const after = await t.app.db
      .selectFrom('store_items')
      .select(['id', 'store_price', 'needs_upload'])
      .orderBy('id')
      .execute();
    for (const row of after) {
      const was = before.find((b) => b.id === row.id)!;
      if (guided.has(Number(row.id))) {
        expect(Number(row.store_price)).toBe(275);
        if (Number(was.store_price) !== 275) expect(Number(row.needs_upload)).toBe(1);
      } else expect(row).toEqual(was);
    }
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page shows the new prices, waiting to be sent.
    await waitFor(() => expect(screen.getAllByText(/€\s0,275/)).toHaveLength(10));
    expect(screen.getAllByText('Not sent yet').length).toBeGreaterThan(0);
  });
});
