// @vitest-environment jsdom
import { Providers, startRealServer } from '../../test/realServer';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrayRow } from '../../../contract/batch-trays';
import { addStore } from '../../../server/test/jobs';
import { useSession } from '../../app/session';
import { TrayPriceGuide } from '../batch-trays/TrayPriceGuide';
import type { Draft } from '../batch-trays/grid-model';

const t = startRealServer({ signedInAs: 'syncer@demo.test' });

describe("the trays editor's price guide", () => {
  it("closes its popover when Set to average's confirmation opens, so the Old and New columns are not covered", async () => {
    await addStore(t.app, `Bearer ${useSession.getState().access_token}`, 'BRICKLINK');
    const item = await t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('item_types as ty', 'ty.id', 'm.type_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select(['i.mold_id', 'i.colour_id', 'i.condition', 'm.name', 'c.name as colour'])
      .select(['ty.bsx_code', 'm.bl_mold_id', 'c.bl_colour_id'])
      .where('ty.bsx_code', '=', 'P')
      .where('m.bl_mold_id', 'is not', null)
      .where('c.bl_colour_id', 'is not', null)
      .executeTakeFirstOrThrow();
    // BrickLink's guides, read today and kept by the server: no call is made.
    for (const [guide_type, avg] of [
      ['sold', 150],
      ['stock', 250],
    ] as const) {
      await t.app.db
        .insertInto('price_guides')
        .values({
          item_type: 'P',
          bl_item_no: item.bl_mold_id!,
          bl_colour_id: Number(item.bl_colour_id),
          condition: item.condition === 'NEW' ? 'N' : 'U',
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
        .execute();
    }
    const row = {
      tray_id: 7,
      tray_nr: 3,
      mold_name: item.name,
      colour_name: item.colour,
    } as TrayRow;
    const draft = {
      tray_id: 7,
      mold_id: item.mold_id,
      colour_id: item.colour_id,
      condition: item.condition,
      price: 0.1,
    } as Draft;
    const priced: { tray: number; price: number }[] = [];
    render(
      <Providers>
        <TrayPriceGuide
          rows={[row]}
          draftFor={() => draft}
          onPrices={(prices) => {
            priced.push(...prices.map((p) => ({ tray: p.row.tray_id, price: p.price })));
            return true;
          }}
        />
      </Providers>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Price guide' }));
    const label = `Tray 3: ${item.name} ${item.colour}`;
    expect(await screen.findByText(label)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Sold Ø/)).toBeTruthy());

    // Under jsdom the popover's transition never ends: it is there, but hidden to queries by role.
    fireEvent.click(screen.getByRole('button', { name: 'Set to average ± %', hidden: true }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Set the selected lots to the average',
    });
    // The popover's list is gone; the confirmation shows the old and new price.
    await waitFor(() => expect(screen.queryByText(/Sold Ø/)).toBeNull());
    const line = within(dialog).getByTestId('average-change');
    expect(line.textContent).toMatch(/€\s0,100€\s0,150$/);
    expect(within(dialog).getByRole('columnheader', { name: 'Old' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Set 1 price' }));
    await waitFor(() => expect(priced).toEqual([{ tray: 7, price: 0.15 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
