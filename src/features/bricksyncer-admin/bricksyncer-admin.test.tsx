// @vitest-environment jsdom
import { renderAt, startRealServer } from '../../test/realServer';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_SET, StoreItemMessages, StoreMessages } from '../../../contract/bricksyncer';
import { JobMessages } from '../../../contract/jobs';
import { NO_SYNC_STORE } from '../../../server/jobs';
import { addStore } from '../../../server/test/jobs';
import { useSession } from '../../app/session';
import AddStorePage from './AddStorePage';
import DeleteStorePage from './DeleteStorePage';
import EditItemsPage from './EditItemsPage';
import EditStorePage from './EditStorePage';
import LogsPage from './LogsPage';
import StockIssuesPage from './StockIssuesPage';
import StorePage from './StorePage';
import StoresPage from './StoresPage';

const t = startRealServer({ signedInAs: 'syncer@demo.test' });

const at = (path: string) =>
  renderAt(path, {
    '/bricksyncer/stores': <StoresPage />,
    '/bricksyncer/stores/add': <AddStorePage />,
    '/bricksyncer/stores/:storeId': <StorePage />,
    '/bricksyncer/stores/:storeId/edit': <EditStorePage />,
    '/bricksyncer/stores/:storeId/delete': <DeleteStorePage />,
    '/bricksyncer/edit_items': <EditItemsPage />,
    '/bricksyncer/issues': <StockIssuesPage />,
    '/bricksyncer/logs': <LogsPage />,
  });
/** The store's row's "Import orders now". */
const intakeButton = async (store: string) =>
  within((await screen.findByText(store)).closest('tr')!).getByRole('button', {
    name: 'Import orders now',
  });
/** A BrickOwl store with its key, added through the API; the stores page opened afresh shows it. */
async function keyedBrickOwlStore(): Promise<{ store: number; name: string }> {
  const auth = `Bearer ${useSession.getState().access_token}`;
  const store = await addStore(t.app, auth, 'BRICKOWL');
  const { name } = await t.app.db
    .selectFrom('stores')
    .select('name')
    .where('id', '=', store)
    .executeTakeFirstOrThrow();
  cleanup();
  at('/bricksyncer/stores');
  return { store, name };
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('stores', () => {
  it('adds a store (messages first), shows it masked, edits and deletes it after the question', async () => {
    at('/bricksyncer/stores/add');
    type('Name', 'Attic store');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/External id is required/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Token secret is required/).length).toBeGreaterThan(0);
    type('External id', 'atticbricks');
    type('Consumer key', 'consumer-key-0000AAAA');
    type('Consumer secret', 'consumer-secret-1111BBBB');
    type('Token value', 'token-value-2222CCCC');
    type('Token secret', 'token-secret-3333DDDD');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Attic store' })).toBeTruthy();
    // The public consumer key shows its last 4; each secret only that it is set.
    expect(screen.getByText('****AAAA')).toBeTruthy();
    expect(screen.getAllByText(CREDENTIAL_SET)).toHaveLength(3);
    for (const hidden of ['consumer-secret', 'BBBB', 'CCCC', 'DDDD']) {
      expect(document.body.textContent).not.toContain(hidden);
    }
    const row = await t.app.db
      .selectFrom('stores')
      .select(['id', 'credentials'])
      .where('name', '=', 'Attic store')
      .executeTakeFirstOrThrow();
    expect(row.credentials).not.toContain('1111BBBB');

    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit store' })).toBeTruthy();
    type('Name', 'Attic store 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Attic store 2' })).toBeTruthy();
    expect(screen.getAllByText(CREDENTIAL_SET)).toHaveLength(3);

    fireEvent.click(screen.getByRole('link', { name: 'Delete' }));
    expect(await screen.findByText(StoreMessages.deleteQuestion('Attic store 2'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Demo Bricks on BrickLink')).toBeTruthy();
    expect(screen.queryByText('Attic store 2')).toBeNull();
  });

  it("imports a store's orders now: a job is queued; a store without credentials is refused", async () => {
    at('/bricksyncer/stores');
    fireEvent.click(await intakeButton('Demo Bricks on BrickLink'));
    expect(await screen.findByText(new RegExp(JobMessages.noCredentials))).toBeTruthy();

    const demo = await t.app.db
      .selectFrom('stores')
      .select(['id', 'company_id'])
      .where('name', '=', 'Demo Bricks on BrickLink')
      .executeTakeFirstOrThrow();
    const { store, name } = await keyedBrickOwlStore();
    fireEvent.click(await intakeButton(name));
    const notice = await screen.findByText(
      new RegExp(`^Importing the orders of ${name}: job \\d+, queued$`),
    );
    const jobId = Number(/job (\d+)/.exec(notice.textContent ?? '')![1]);
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['kind', 'store_id', 'company_id'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect([job.kind, Number(job.store_id), Number(job.company_id)]).toEqual([
      'order_intake',
      store,
      Number(demo.company_id),
    ]);
    await t.app.db.deleteFrom('jobs').where('id', '=', jobId).execute();
    await t.app.db.deleteFrom('stores').where('id', '=', store).execute();
  });

  it("reads BrickOwl's colour list now from a BrickOwl store's row; a store without its key is refused", async () => {
    at('/bricksyncer/stores');
    const brickLinkRow = (await screen.findByText('Demo Bricks on BrickLink')).closest('tr')!;
    expect(
      within(brickLinkRow).queryByRole('button', { name: 'Refresh BrickOwl colours' }),
    ).toBeNull();
    const keyless = (await screen.findByText('Demo Bricks on BrickOwl')).closest('tr')!;
    fireEvent.click(within(keyless).getByRole('button', { name: 'Refresh BrickOwl colours' }));
    expect(await screen.findByText(new RegExp(JobMessages.noCredentials))).toBeTruthy();

    const { store, name } = await keyedBrickOwlStore();
    const row = (await screen.findByText(name)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Refresh BrickOwl colours' }));
    const notice = await screen.findByText(/^Reading BrickOwl's colour list: job \d+, queued$/);
    const jobId = Number(/job (\d+)/.exec(notice.textContent ?? '')![1]);
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['kind', 'store_id'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect([job.kind, Number(job.store_id)]).toEqual(['brickowl_colours', store]);
    await t.app.db.deleteFrom('jobs').where('id', '=', jobId).execute();
    await t.app.db.deleteFrom('stores').where('id', '=', store).execute();
  });

  it("shows 'Store not found' for another company's store", async () => {
    at('/bricksyncer/stores/3');
    expect((await screen.findAllByText(StoreMessages.notFound)).length).toBeGreaterThan(0);
  });
});

describe('edit prices, stock issues, logs', () => {
  it("shows prices in Dutch euro; a bad edit lists its messages, a good one is saved and shows 'Not sent yet'", async () => {
    at('/bricksyncer/edit_items');
    await screen.findByText('Edit prices');
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(document.body.textContent).toMatch(/€\s0,1\d\d?/);
    expect(within(rows[1]).queryByText('Not sent yet')).toBeNull();
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Edit' }));
    type('Price', '0');
    type('Tier price', '10:1,20:2');
    type('Quantity', '100000');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(new RegExp(StoreItemMessages.price))).toBeTruthy();
    expect(screen.getByText(/TIER_QUANTITY1:TIER_PRICE1/)).toBeTruthy();
    type('Price', '1,255');
    type('Tier price', '');
    type('Quantity', '0');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/€\s1,255/)).toBeTruthy();
    expect(within(rows[1]).getByText('Not sent yet')).toBeTruthy();
    expect(screen.getAllByText('Not sent yet')).toHaveLength(1);
  });

  it('sends the changes to, or checks, the stores: refused while no store has credentials, else one job per store and a link to Jobs', async () => {
    // Notices of the earlier tests would queue ours behind them (at most 5 show at once).
    notifications.clean();
    at('/bricksyncer/edit_items');
    const send = await screen.findByRole('button', { name: 'Send changes to the stores' });
    expect(screen.getByRole('link', { name: 'See the jobs' }).getAttribute('href')).toBe(
      '/bricksyncer/jobs',
    );
    fireEvent.click(send);
    expect(await screen.findByText(new RegExp(NO_SYNC_STORE))).toBeTruthy();

    const auth = `Bearer ${useSession.getState().access_token}`;
    const store = await addStore(t.app, auth, 'BRICKOWL');
    fireEvent.click(send);
    expect(await screen.findByText('Sending changes to 1 store')).toBeTruthy();
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select(['id', 'store_id'])
      .where('kind', '=', 'stock_sync')
      .execute();
    expect(jobs.map((j) => Number(j.store_id))).toEqual([store]);

    fireEvent.click(screen.getByRole('button', { name: 'Check the stores' }));
    expect(await screen.findByText('Checking 1 store')).toBeTruthy();
    const checks = await t.app.db
      .selectFrom('jobs')
      .select('store_id')
      .where('kind', '=', 'stock_check')
      .execute();
    expect(checks.map((j) => Number(j.store_id))).toEqual([store]);
    await t.app.db.deleteFrom('jobs').where('store_id', '=', store).execute();
    await t.app.db.deleteFrom('stores').where('id', '=', store).execute();
  });

  it('resolves a stock issue; lists logs newest first; saves a setting', async () => {
    at('/bricksyncer/issues');
    const resolve = await screen.findAllByRole('button', { name: 'Resolve' });
    fireEvent.click(resolve[0]);
    expect(await screen.findByText('Resolved')).toBeTruthy();
    cleanup();

    at('/bricksyncer/logs');
    await screen.findByText('Logs');
    const messages = (await screen.findAllByRole('row')).slice(1).map((r) => r.textContent);
    expect(messages[0]).toContain('Stock check finished');
  });
});
