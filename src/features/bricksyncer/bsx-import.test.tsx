// @vitest-environment jsdom
import { choose, renderInDataRouter, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import { BSX_MAX_BYTES, BsxImportMessages, readBsxText } from '../../../contract/bsx';
import { SYNC_BATCH_MAX_ITEMS } from '../../../contract/sync-batches';
import { keptFields } from '../../../tests/support/bsx-kept-fields';
import { allFieldsBsx } from '../../../tests/support/bsx-round-trip';
import BatchPage from './BatchPage';
import ImportBsxPage from './ImportBsxPage';
import SyncBatchesPage from './SyncBatchesPage';

const renderAt = (path: string) =>
  renderInDataRouter(path, {
    '/bricksyncer/add_items': <SyncBatchesPage />,
    '/bricksyncer/bsx_batch': <ImportBsxPage />,
    '/bricksyncer/batch/:batchId': <BatchPage />,
  });

const t = startRealServer();

/** The fixture's three parts (the demo catalog has them), repeated to `lots` lots. */
function partsFile(lots: number): string {
  const text = allFieldsBsx();
  const items = text.match(/ {2}<Item>[\s\S]*?<\/Item>\n/g)!.slice(0, 3);
  const body = Array.from({ length: lots }, (_, i) => items[i % 3]).join('');
  return text.replace(/ {2}<Item>[\s\S]*<\/Item>\n/, body);
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (file: NodeFile) => fireEvent.change(fileInput(), { target: { files: [file] } });
/** A message shown under the file field, as the field's error. */
const fieldMessage = async (text: string, timeout = 8000) => {
  const shown = await screen.findByText(text, undefined, { timeout });
  expect(shown.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent).toBe(
    'BSX file',
  );
};

const realCreateObjectURL = URL.createObjectURL;
afterEach(() => {
  URL.createObjectURL = realCreateObjectURL;
});

describe('BSX import of large files', () => {
  it('tells a file over 50 MB, and one of more than 100,000 lots, under the file field', async () => {
    await signIn('syncer@demo.test');
    renderAt('/bricksyncer/bsx_batch');
    await screen.findByRole('button', { name: 'Convert to BC' });
    pick(new NodeFile([new Uint8Array(BSX_MAX_BYTES + 1)], 'huge.bsx'));
    // Told as soon as it is chosen, before anything is read.
    await fieldMessage(BsxImportMessages.tooLarge);

    const lot = '<Item><ItemID>3001</ItemID><ItemTypeID>P</ItemTypeID><Qty>1</Qty></Item>';
    const many = `<BrickStoreXML><Inventory>${lot.repeat(SYNC_BATCH_MAX_ITEMS + 1)}</Inventory></BrickStoreXML>`;
    pick(new NodeFile([many], 'many.bsx'));
    expect(screen.queryByText(BsxImportMessages.tooLarge)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Convert to BC' }));
    await fieldMessage(BsxImportMessages.tooManyLots(SYNC_BATCH_MAX_ITEMS), 20_000);
    expect(screen.queryAllByTestId('import-row')).toHaveLength(0);
  }, 60_000);

  it('imports 10,001 lots in chunks with progress, every used lot given a condition at once', async () => {
    await signIn('syncer@demo.test');
    const router = renderAt('/bricksyncer/bsx_batch');
    await screen.findByRole('button', { name: 'Convert to BC' });
    pick(new NodeFile([partsFile(10_001)], 'big attic.bsx'));
    fireEvent.click(screen.getByRole('button', { name: 'Convert to BC' }));
    await screen.findByText(/Step 2: check the 10\.001 lots/, undefined, { timeout: 30_000 });
    expect(screen.getAllByTestId('import-row')).toHaveLength(50);
    // What BrickStore keeps beyond price and notes shows on each row.
    expect(
      screen.getAllByText(
        'Bulk 10 · Sale 15 % · Tiers 100+ € 0,11, 500+ € 0,10, 1000+ € 0,09 · Stockroom B · Retain',
      ),
    ).toHaveLength(17);

    await choose(
      screen.getByRole('combobox', { name: 'Condition of every used lot without one' }),
      'ACCEPTABLE',
    );
    await waitFor(() => expect(screen.getAllByText('ACCEPTABLE').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    await screen.findByText(/^Creating the batch: /, undefined, { timeout: 30_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bricksyncer/add_items'), {
      timeout: 60_000,
    });

    const batch = await t.app.db
      .selectFrom('sync_batches')
      .select(['id', 'lots_expected'])
      .where('name', '=', 'big attic')
      .executeTakeFirstOrThrow();
    expect(batch.lots_expected).toBeNull();
    const rows = await t.app.db
      .selectFrom('sync_batch_items as s')
      .innerJoin('items as i', 'i.id', 's.item_id')
      .select(['i.condition', 's.stockroom'])
      .where('s.sync_batch_id', '=', batch.id)
      .orderBy('s.id')
      .execute();
    expect(rows).toHaveLength(10_001);
    expect(rows.slice(0, 3)).toEqual([
      { condition: 'NEW', stockroom: 'B' },
      { condition: 'ACCEPTABLE', stockroom: null },
      { condition: 'NEW', stockroom: 'A' },
    ]);
  }, 120_000);

  it("exports a batch's lots as a BrickStore file from the batch page", async () => {
    await signIn('syncer@demo.test');
    const router = renderAt('/bricksyncer/bsx_batch');
    await screen.findByRole('button', { name: 'Convert to BC' });
    pick(new NodeFile([partsFile(3)], 'three parts.bsx'));
    fireEvent.click(screen.getByRole('button', { name: 'Convert to BC' }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(3));
    await choose(
      screen.getByRole('combobox', { name: 'Condition of every used lot without one' }),
      'GOOD',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bricksyncer/add_items'));
    const { id } = await t.app.db
      .selectFrom('sync_batches')
      .select('id')
      .where('name', '=', 'three parts')
      .executeTakeFirstOrThrow();

    let file: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => {
      file = blob;
      return 'blob:three-parts';
    };
    void router.navigate(`/bricksyncer/batch/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Export BSX' }));
    const link = await screen.findByRole('link', { name: 'Download three parts.bsx' });
    expect(link.getAttribute('href')).toBe('blob:three-parts');
    expect(link.getAttribute('download')).toBe('three parts.bsx');
    const again = readBsxText(await file!.text());
    const original = readBsxText(partsFile(3));
    expect(again.items.map(keptFields)).toEqual(original.items.map(keptFields));
  });
});
