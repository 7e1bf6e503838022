// @vitest-environment jsdom
import { renderInDataRouter, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readBsxText } from '../../../contract/bsx';
import { JobMessages } from '../../../contract/jobs';
import { newItemFromLot } from '../../../contract/sync-batches';
import { addStore } from '../../../server/test/jobs';
import { ALL_FIELDS_BSX } from '../../../tests/support/bsx-round-trip';
import { useSession } from '../../app/session';
import BatchPage from './BatchPage';

const t = startRealServer();

/** The parts of the BrickStore file with every field, used ones in GOOD. */
const parts = readBsxText(readFileSync(ALL_FIELDS_BSX, 'utf8'))
  .items.filter((l) => l.item_type_id === 'P')
  .map(newItemFromLot)
  .map((i) => (i.condition ? i : { ...i, condition: 'GOOD' as const }));

/** A batch of those parts made through the API, its prices in `currency`; its id. */
async function batchIn(currency: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/new_sync_batch',
    headers: { authorization: `Bearer ${useSession.getState().access_token}` },
    payload: { name: `Lots in ${currency}`, items: parts, currency },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batch_id: number }).batch_id;
}

/** An element's text with Intl's no-break spaces as plain ones. */
const textOf = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

const renderBatch = (id: number) =>
  renderInDataRouter(`/bricksyncer/batch/${id}`, {
    '/bricksyncer/batch/:batchId': <BatchPage />,
  });

describe('the batch page shows what each lot carries, in the batch currency', () => {
  it('shows bulk, sale, tiers, stockroom and retain of each lot', async () => {
    await signIn('syncer@demo.test');
    renderBatch(await batchIn('EUR'));
    const price = await screen.findByLabelText('Price of Brick 2 x 4 Red');
    const row = price.closest('tr')!;
    expect(textOf(within(row).getByTestId('lot-details'))).toBe(
      'Bulk 10 · Sale 15 % · Tiers 100+ € 0,11, 500+ € 0,10, 1000+ € 0,09 · Stockroom B · Retain',
    );
    expect((price as HTMLInputElement).value.replace(/\u00a0/g, ' ')).toBe('€ 0,12');
    const plain = (await screen.findByLabelText('Price of Plate 1 x 4 Dark Bluish Gray')).closest(
      'tr',
    )!;
    expect(textOf(within(plain).getByTestId('lot-details'))).toBe('');
  });

  it('shows a dollar batch in dollars and refuses its upload to a store in euro, saying both', async () => {
    await signIn('syncer@demo.test');
    const auth = `Bearer ${useSession.getState().access_token}`;
    const store = await addStore(t.app, auth, 'BRICKLINK');
    const name = (
      await t.app.db
        .selectFrom('stores')
        .select('name')
        .where('id', '=', store)
        .executeTakeFirstOrThrow()
    ).name;
    renderBatch(await batchIn('USD'));
    const price = await screen.findByLabelText('Price of Brick 2 x 4 Red');
    expect((price as HTMLInputElement).value).toBe('US$ 0,12');
    expect(textOf(within(price.closest('tr')!).getByTestId('lot-details'))).toContain(
      'Tiers 100+ US$ 0,11',
    );
    await screen.findByText(/prices in USD/);

    fireEvent.click(screen.getByRole('button', { name: 'Upload items' }));
    const refused = await screen.findByTestId('upload-refused');
    expect(refused.textContent).toContain(
      JobMessages.otherCurrency('USD', [{ name, currency: 'EUR' }]),
    );
  });
});
