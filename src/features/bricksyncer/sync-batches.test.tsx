// @vitest-environment jsdom
import { choose, renderInDataRouter, signIn, startRealServer } from '../../test/realServer';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { File as NodeFile } from 'node:buffer';
import { join } from 'node:path';
import { BsxImportMessages, readBsxText } from '../../../contract/bsx';
import { JobMessages } from '../../../contract/jobs';
import { Permission } from '../../../contract/permissions';
import {
  newItemFromLot,
  StockElsewhereMessages as SE,
  SyncBatchMessages as M,
} from '../../../contract/sync-batches';
import { itemsWithLooks } from '../../../server/db/item-joins';
import { NO_STORE } from '../../../server/jobs';
import { addStore, testRunner } from '../../../server/test/jobs';
import { startFakeBrickLink } from '../../../tests/support/fake-bricklink';
import { startFakeBrickOwl } from '../../../tests/support/fake-brickowl';
import { useSession } from '../../app/session';
import BatchPage from './BatchPage';
import ImportBsxPage from './ImportBsxPage';
import SyncBatchesPage from './SyncBatchesPage';

/** The sync batch routes in a data router (the batch page's leave guard needs one) at `path`. */
const renderAt = (path: string) =>
  renderInDataRouter(path, {
    '/bricksyncer/add_items': <SyncBatchesPage />,
    '/bricksyncer/bsx_batch': <ImportBsxPage />,
    '/bricksyncer/batch/:batchId': <BatchPage />,
    '/elsewhere': <p>Elsewhere</p>,
  });

/** The overview against the real server (SQLite): fetch is answered by app.inject. */
const nodeFetch = globalThis.fetch;
const t = startRealServer();

const sample = readFileSync(join(__dirname, '../../../tests/fixtures/sample.bsx'), 'utf8');
const lots = readBsxText(sample).items.map(newItemFromLot);

/** A batch of the sample's two parts, made through the API; its id. */
async function batchOfParts(name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/new_sync_batch',
    headers: { authorization: `Bearer ${useSession.getState().access_token}` },
    payload: { name, items: [lots[0], { ...lots[1], condition: 'GOOD' }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batch_id: number }).batch_id;
}

/**
 * Runs the jobs once, as the server's runner would: its calls to the fake marketplace at
 * `marketplaceUrl` go over the network, the page's calls still to the test server.
 */
async function runJobsOnce(
  urls: { bricklink?: string; brickowl?: string },
  marketplaceUrl: string,
): Promise<void> {
  const pageFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    String(input instanceof Request ? input.url : input).startsWith(marketplaceUrl)
      ? nodeFetch(input, init)
      : pageFetch(input, init);
  try {
    expect(await testRunner(t.app, urls).runOnce()).toBe(true);
  } finally {
    globalThis.fetch = pageFetch;
  }
}

describe('sync batch screens', () => {
  it('imports the BrickStore sample in two steps and creates the batch', async () => {
    await signIn('syncer@demo.test');
    const router = renderAt('/bricksyncer/bsx_batch');
    fireEvent.click(await screen.findByRole('button', { name: 'Convert to BC' }));
    await screen.findByText(M.noFile);

    const input = document.querySelector('input[type="file"]')!;
    // A file that declares an entity is refused with one message, before anything is sent.
    const xxe = sample.replace(
      '<!DOCTYPE BrickStoreXML>',
      '<!DOCTYPE BrickStoreXML [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    );
    fireEvent.change(input, { target: { files: [new NodeFile([xxe], 'evil.bsx')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert to BC' }));
    // Told under the file field (a form message).
    const told = await screen.findByText(BsxImportMessages.entities);
    expect(told.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent).toBe(
      'BSX file',
    );
    expect(screen.queryAllByTestId('import-row')).toHaveLength(0);

    const file = new NodeFile([sample], 'attic.bsx', { type: 'application/xml' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert to BC' }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(4));
    expect(screen.getByText('Brick 2 x 2')).toBeTruthy();
    expect(screen.getAllByText('Not in the catalog')).toHaveLength(2);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('attic');
    // No project unless one is chosen.
    const project = screen.getByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(project.getAttribute('placeholder')).toBe('No project'));

    fireEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    const alert = await screen.findByText(/^Error: item/);
    for (const m of [
      M.noCondition('3710 (Dark Bluish Gray)'),
      M.noCondition('sw0001a'),
      M.notInCatalog('6020-1'),
    ]) {
      expect(alert.textContent).toContain(m);
    }

    // The N lot keeps NEW: its condition cannot be changed while editing.
    fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }));
    expect(
      (screen.getByRole('combobox', { name: 'Condition of row 1' }) as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Apply row 1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove row 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit row 2' }));
    await choose(screen.getByRole('combobox', { name: 'Condition of row 2' }), 'GOOD');
    fireEvent.click(screen.getByRole('button', { name: 'Apply row 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bricksyncer/add_items'));
    const batch = await t.app.db
      .selectFrom('sync_batches')
      .select(['id', 'project_id'])
      .where('name', '=', 'attic')
      .executeTakeFirstOrThrow();
    expect(batch.project_id).toBeNull();
    const items = await t.app.db
      .selectFrom('sync_batch_items')
      .select(['quantity', 'price'])
      .where('sync_batch_id', '=', batch.id)
      .orderBy('id')
      .execute();
    expect(items.map((i) => [Number(i.quantity), Number(i.price)])).toEqual([
      [120, 85],
      [33, 40],
    ]);
  });

  it('ties the new batch to the project chosen, for a bricksyncer who cannot open the projects', async () => {
    const syncer = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'syncer@demo.test')
      .executeTakeFirstOrThrow();
    const grant = { user_id: syncer.id, permission_id: Permission.digibrick_user };
    await t.app.db.insertInto('user_permissions').values(grant).execute();
    try {
      await signIn('syncer@demo.test');
      for (const name of ['Attic box', 'Old estate']) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/v1/projects',
          headers: { authorization: `Bearer ${useSession.getState().access_token}` },
          payload: { name, condition: 'GOOD', content: 'Two boxes', purpose: 'Sell', comments: '' },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      await t.app.db
        .deleteFrom('user_permissions')
        .where('user_id', '=', grant.user_id)
        .where('permission_id', '=', grant.permission_id)
        .execute();
    }
    {
      // Signed in again with the bricksyncer role alone: the projects screen is not theirs.
      await signIn('syncer@demo.test');
      const projects = await t.app.inject({
        method: 'GET',
        url: '/api/v1/projects',
        headers: { authorization: `Bearer ${useSession.getState().access_token}` },
      });
      expect(projects.statusCode).toBe(403);
      const router = renderAt('/bricksyncer/bsx_batch');
      const input = await waitFor(() => document.querySelector('input[type="file"]')!);
      const file = new NodeFile([sample], 'estate.bsx', { type: 'application/xml' });
      fireEvent.change(input, { target: { files: [file] } });
      fireEvent.click(screen.getByRole('button', { name: 'Convert to BC' }));
      await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(4));
      const project = screen.getByRole('combobox', { name: 'Project' });
      await waitFor(() => expect(project.getAttribute('placeholder')).toBe('No project'));
      expect((project as HTMLInputElement).value).toBe('');
      fireEvent.click(screen.getByRole('button', { name: 'Remove row 4' }));
      fireEvent.click(screen.getByRole('button', { name: 'Remove row 3' }));
      fireEvent.click(screen.getByRole('button', { name: 'Edit row 2' }));
      await choose(screen.getByRole('combobox', { name: 'Condition of row 2' }), 'GOOD');
      fireEvent.click(screen.getByRole('button', { name: 'Apply row 2' }));
      await choose(project, 'Old estate');
      fireEvent.click(screen.getByRole('button', { name: 'Create batch' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/bricksyncer/add_items'));
      const batch = await t.app.db
        .selectFrom('sync_batches as b')
        .innerJoin('projects as p', 'p.id', 'b.project_id')
        .select('p.name')
        .where('b.name', '=', 'estate')
        .executeTakeFirstOrThrow();
      expect(batch.name).toBe('Old estate');
    }
  });

  it('lists batches 10 a page, newest first, each linking to its batch page', async () => {
    await signIn('syncer@demo.test');
    for (let i = 0; i < 11; i++) await batchOfParts(`Overview ${i}`);
    renderAt('/bricksyncer/add_items');
    const newest = await screen.findByRole('link', { name: 'Overview 10' });
    expect(screen.getAllByRole('row')).toHaveLength(11); // the head and 10 batches
    expect(screen.queryByRole('link', { name: 'Overview 0' })).toBeNull();
    expect(newest.getAttribute('href')).toMatch(/^\/bricksyncer\/batch\/\d+$/);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('link', { name: 'Overview 0' });
  });

  it('edits prices, refuses an upload with a price of 0, and guards leaving with unsaved prices', async () => {
    await signIn('syncer@demo.test');
    const id = await batchOfParts('Priced on screen');
    const router = renderAt(`/bricksyncer/batch/${id}`);
    const price = await screen.findByLabelText('Price of Brick 2 x 2 White');
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload items' }));
    await screen.findByText(M.uploadNoPrice);

    fireEvent.change(price, { target: { value: '€ 1,25' } });
    void router.navigate('/elsewhere');
    await screen.findByText('There are prices that are not saved. Leave this page anyway?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/bricksyncer/batch/${id}`);

    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await screen.findByText('Prices saved');
    const rows = await t.app.db
      .selectFrom('sync_batch_items')
      .select('price')
      .where('sync_batch_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => Number(r.price))).toEqual([1250, 40]);
    // No store has credentials yet: refused with the server's message and a way to Stores.
    fireEvent.click(screen.getByRole('button', { name: 'Upload items' }));
    await screen.findByText(NO_STORE);
    expect(screen.getByRole('link', { name: 'Go to Stores' }).getAttribute('href')).toBe(
      '/bricksyncer/stores',
    );
    void router.navigate('/elsewhere');
    await screen.findByText('Elsewhere');
  });

  it('uploads to the store, follows the job every 2 s to Uploaded and offers no second upload', async () => {
    await signIn('syncer@demo.test');
    const bl = await startFakeBrickLink();
    try {
      const auth = `Bearer ${useSession.getState().access_token}`;
      const store = await addStore(t.app, auth, 'BRICKLINK');
      const id = await batchOfParts('Sent to BrickLink');
      const before = bl.inventory.size;
      renderAt(`/bricksyncer/batch/${id}`);
      fireEvent.change(await screen.findByLabelText('Price of Brick 2 x 2 White'), {
        target: { value: '0,5' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Upload items' }));
      const job = await screen.findByTestId('upload-job');
      expect(job.textContent).toContain('queued');
      expect(screen.queryByText('Uploaded')).toBeNull();

      // A runner (as the server's) sends the lots; the page sees it at its next poll.
      await runJobsOnce({ bricklink: bl.url }, bl.url);
      await screen.findByText('Uploaded', undefined, { timeout: 8000 });
      const { name } = await t.app.db
        .selectFrom('stores')
        .select('name')
        .where('id', '=', store)
        .executeTakeFirstOrThrow();
      expect(screen.getByTestId('upload-job').textContent).toMatch(new RegExp(`^${name}done.*2/2`));
      expect(bl.inventory.size).toBe(before + 2);
      const prices = [...bl.inventory.values()].slice(-2).map((l) => l.unit_price);
      expect(prices.map(Number).sort((a, b) => a - b)).toEqual([0.04, 0.5]);

      // Not offered again: the button is off and says why (the server refuses it as well).
      await waitFor(() =>
        expect(screen.getByTestId('upload-closed').textContent).toBe(JobMessages.uploaded),
      );
      expect(screen.getByRole('button', { name: 'Upload items' })).toHaveProperty('disabled', true);
      expect(screen.queryByRole('link', { name: 'Go to Stores' })).toBeNull();
    } finally {
      await bl.close();
    }
  });

  it("lists a lot BrickOwl's catalog lacks on its own line; the other lot is uploaded", async () => {
    await signIn('syncer@demo.test');
    // BrickOwl's catalog knows the brick (3003) but not the plate (3710).
    const bo = await startFakeBrickOwl({ lookup: (id) => (id === '3003' ? ['446215'] : []) });
    try {
      // Only this store takes the upload.
      await t.app.db.deleteFrom('stores').where('credentials', '<>', '').execute();
      const auth = `Bearer ${useSession.getState().access_token}`;
      await addStore(t.app, auth, 'BRICKOWL');
      const id = await batchOfParts('Sent to BrickOwl');
      renderAt(`/bricksyncer/batch/${id}`);
      fireEvent.change(await screen.findByLabelText('Price of Brick 2 x 2 White'), {
        target: { value: '0,5' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Upload items' }));
      await screen.findByTestId('upload-job');
      await runJobsOnce({ brickowl: bo.url }, bo.url);
      await screen.findByText('Uploaded', undefined, { timeout: 8000 });
      const line = (await screen.findByText(/not on BrickOwl/)).closest('li');
      expect(line?.textContent).toBe(
        "Plate 1 x 4 Dark Bluish Gray: not on BrickOwl: 3710 Dark Bluish Gray (BrickOwl's catalog has no part 3710)",
      );
      expect([...bo.lots.values()].map((l) => [l.boid, l.color_id])).toEqual([
        ['446215', String(bo.colourFor(1))],
      ]);
    } finally {
      await bo.close();
    }
  });

  it('tells on the import and on the batch page which lots the warehouse holds none of', async () => {
    await signIn('syncer@demo.test');
    // The warehouse keeps the white 2 x 2 brick (3003) and none of the grey 1 x 4 plate (3710).
    const id = await batchOfParts('Kept elsewhere');
    const [brick] = await t.app.db
      .selectFrom('sync_batch_items as s')
      .innerJoin('items as i', 'i.id', 's.item_id')
      .select(['i.id', 'i.colour_id', 'i.company_id'])
      .where('s.sync_batch_id', '=', id)
      .where('s.bl_item_id', '=', '3003')
      .execute();
    const plates = await itemsWithLooks(t.app.db)
      .select('i.id')
      .where('i.company_id', '=', brick.company_id)
      .where('m.bl_mold_id', '=', '3710')
      .where('c.bl_colour_id', '=', 85)
      .execute();
    await t.app.db
      .deleteFrom('location_content')
      .where('item_id', 'in', [brick.id, ...plates.map((p) => p.id)])
      .execute();
    const location = await t.app.db
      .selectFrom('locations')
      .select('id')
      .where('company_id', '=', brick.company_id)
      .where('parent_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('location_content')
      .values({
        company_id: brick.company_id,
        location_id: location.id,
        item_id: brick.id,
        colour_id: brick.colour_id,
        quantity: 40,
        updated_at: new Date().toISOString(),
      })
      .execute();

    renderAt('/bricksyncer/bsx_batch');
    const input = await waitFor(() => document.querySelector('input[type="file"]')!);
    fireEvent.change(input, { target: { files: [new NodeFile([sample], 'attic.bsx')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert to BC' }));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(4));
    const told = screen.getByTestId('stock-elsewhere');
    // Only the lots the catalog knows are told; not the brick the warehouse keeps.
    expect(told.textContent).toContain(
      `${SE.title}${SE.none(['3710 (Dark Bluish Gray)'], 1)}${SE.meaning}`,
    );
    cleanup();

    renderAt(`/bricksyncer/batch/${id}`);
    const onBatch = await screen.findByTestId('stock-elsewhere');
    expect(onBatch.textContent).toContain(SE.none(['3710 (Dark Bluish Gray, good)'], 1));
    expect(onBatch.textContent).not.toContain('3003');
  });

  it('tells when the batch cannot be retrieved', async () => {
    await signIn('syncer@demo.test');
    renderAt('/bricksyncer/batch/999999');
    // The batch and its items are asked for side by side: either refusal may come first.
    expect(await screen.findByText(M.retrieveBatch)).toBeTruthy();
    expect(await screen.findByText(M.retrieveItems)).toBeTruthy();
  });
});
