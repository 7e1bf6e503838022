// @vitest-environment jsdom
import { choose, renderAt, startRealServer } from '../../test/realServer';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '../../../server/db/schema';
import { addStore } from '../../../server/test/jobs';
import { bearerFor } from '../../../server/test/locations-support';
import { JobMessages } from '../../../contract/jobs';
import { OFFLINE_MESSAGE } from '../../ui/notify';
import JobsPage from './JobsPage';
import { JOBS_POLL_MS } from './useJobs';

const t = startRealServer({ signedInAs: 'syncer@demo.test' });
const at = () => renderAt('/bricksyncer/jobs', { '/bricksyncer/jobs': <JobsPage /> });

let store: { id: number; company_id: number; name: string };
beforeAll(async () => {
  const row = await t.app.db
    .selectFrom('stores')
    .select(['id', 'company_id', 'name'])
    .where('name', '=', 'Demo Bricks on BrickLink')
    .executeTakeFirstOrThrow();
  store = { id: Number(row.id), company_id: Number(row.company_id), name: row.name };
});

/** A job as the runner leaves it (never due, so nothing runs it); its id. */
async function addJob(kind: string, status: JobStatus, more: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  const { id } = await t.app.db
    .insertInto('jobs')
    .values({
      company_id: store.company_id,
      kind,
      store_id: store.id,
      status,
      run_after: '2999-01-01T00:00:00.000Z',
      claimed_by: null,
      lease_until: null,
      error: null,
      created_by_user_id: null,
      created_at: now,
      updated_at: now,
      finished_at: status === 'done' || status === 'failed' ? now : null,
      ...more,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}
const setJob = (id: number, change: Record<string, unknown>) =>
  t.app.db.updateTable('jobs').set(change).where('id', '=', id).execute();

/** Counts the screen's reads of the job list while `during` runs. */
async function countReads(during: () => Promise<void>): Promise<number> {
  const inner = globalThis.fetch;
  let reads = 0;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/v1/jobs')) reads++;
    return inner(input, init);
  };
  try {
    await during();
  } finally {
    globalThis.fetch = inner;
  }
  return reads;
}
const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('jobs screen', () => {
  it("says 'No jobs yet' when the company has none", async () => {
    await t.app.db.deleteFrom('jobs').execute();
    at();
    expect(await screen.findByText('No jobs yet')).toBeTruthy();
  });

  it('lists the latest jobs newest first with kind, store, batch, error, attempts and failed lots; filters by kind and status', async () => {
    const upload = await addJob('upload', 'failed', {
      payload: JSON.stringify({ sync_batch_id: 41 }),
      error: '1 of 3 lots could not be uploaded',
      attempts: 2,
      progress_done: 3,
      progress_total: 3,
      stage: 'uploading',
    });
    await t.app.db
      .insertInto('job_items')
      .values({
        job_id: upload,
        company_id: store.company_id,
        store_id: store.id,
        sync_batch_item_id: null,
        item_id: 77,
        state: 'failed',
        error: 'Unknown colour',
        marketplace_lot_id: null,
        updated_at: null,
      })
      .execute();
    await addJob('order_intake', 'done', { attempts: 1, stage: 'done' });
    await addJob('stock_sync', 'failed', { error: 'The marketplace refused the credentials' });
    await addJob('stock_check', 'done', { stage: 'Checked 2 lots: 1 difference' });

    at();
    await waitFor(() => expect(screen.getAllByTestId('job')).toHaveLength(4));
    const cards = screen.getAllByTestId('job');
    expect(
      cards.map(
        (c) => within(c).getByText(/^(Upload|Order intake|Stock changes|Stock check)$/).textContent,
      ),
    ).toEqual(['Stock check', 'Stock changes', 'Order intake', 'Upload']);
    expect(within(cards[0]).getByText('Checked 2 lots: 1 difference')).toBeTruthy();
    const up = cards[3];
    expect(within(up).getByText(store.name)).toBeTruthy();
    expect(within(up).getByRole('link', { name: 'Sync batch 41' }).getAttribute('href')).toBe(
      '/bricksyncer/batch/41',
    );
    expect(within(up).getByText('failed')).toBeTruthy();
    expect(within(up).getByText('1 of 3 lots could not be uploaded')).toBeTruthy();
    expect(within(up).getByText('Attempts: 2')).toBeTruthy();
    expect(within(up).getByText('3/3')).toBeTruthy();
    expect(within(up).getByText(/^Finished \d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeTruthy();
    fireEvent.click(within(up).getByRole('button', { name: 'Show 1 failed lot' }));
    const item = await t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select(['m.name as mould', 'c.name as colour', 'i.condition'])
      .where('i.id', '=', 77)
      .executeTakeFirstOrThrow();
    // The failed lot is named as the warehouse knows it.
    expect(
      within(up).getByText(`${item.mould} (${item.colour}, ${item.condition}): Unknown colour`),
    ).toBeTruthy();
    expect(within(cards[2]).queryByRole('link')).toBeNull();

    await choose(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    await waitFor(() => expect(screen.getAllByTestId('job')).toHaveLength(2));
    await choose(screen.getByRole('combobox', { name: 'Kind' }), 'Stock changes');
    await waitFor(() => expect(screen.getAllByTestId('job')).toHaveLength(1));
    expect(screen.getByText('The marketplace refused the credentials')).toBeTruthy();
    await choose(screen.getByRole('combobox', { name: 'Status' }), 'Running');
    expect(await screen.findByText('No jobs of this kind or status')).toBeTruthy();
  });

  it('refreshes every 2 s while a job is queued or running, and stops when none is or the screen closes', async () => {
    const id = await addJob('stock_sync', 'queued');
    at();
    const card = await screen.findByLabelText(`Stock changes job ${id}`);
    expect(within(card).getByText('queued')).toBeTruthy();
    await setJob(id, { status: 'running', stage: 'sending', progress_done: 3, progress_total: 10 });
    await within(card).findByText('3/10', undefined, { timeout: 3 * JOBS_POLL_MS });
    expect(within(card).getByText('sending')).toBeTruthy();
    await setJob(id, { status: 'done', progress_done: 10, finished_at: new Date().toISOString() });
    await within(card).findByText('done', undefined, { timeout: 3 * JOBS_POLL_MS });
    // Nothing queued or running any more: no further reads.
    expect(await countReads(() => pause(JOBS_POLL_MS + 500))).toBe(0);

    await setJob(id, { status: 'queued', finished_at: null });
    cleanup();
    at();
    await screen.findByText('queued');
    cleanup();
    expect(await countReads(() => pause(JOBS_POLL_MS + 500))).toBe(0);
  });

  it('tells in a notice when the jobs cannot be read, and reads them again on Try again', async () => {
    notifications.clean();
    const inner = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.includes('/v1/jobs')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : inner(input, init);
    };
    try {
      at();
      expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
      expect(screen.getByText('The jobs cannot be read right now.')).toBeTruthy();
    } finally {
      globalThis.fetch = inner;
    }
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('job').length).toBeGreaterThan(0));
    expect(screen.queryByText('The jobs cannot be read right now.')).toBeNull();
  });

  it('has Retry on a failed job only: a store without credentials is refused with its reason; a fixed one queues a new job, shown at once', async () => {
    await t.app.db.deleteFrom('jobs').execute();
    notifications.clean();
    const stranded = await addJob('stock_sync', 'failed', {
      error: 'The marketplace refused the credentials',
    });
    await addJob('order_intake', 'done');
    at();
    const card = await screen.findByLabelText(`Stock changes job ${stranded}`);
    expect(screen.getAllByRole('button', { name: /^Retry job/ })).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: `Retry job ${stranded}` }));
    expect(
      await screen.findByText(`Error: ${JobMessages.noCredentials}`, { exact: false }),
    ).toBeTruthy();
    expect(screen.getAllByTestId('job')).toHaveLength(2);

    // A store with its credentials: Retry queues a new job, which the list shows without a reload.
    const syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    const fixed = await addStore(t.app, syncer, 'BRICKOWL');
    const failed = await addJob('stock_check', 'failed', {
      store_id: fixed,
      error: 'It went wrong',
    });
    cleanup();
    at();
    const failedCard = await screen.findByLabelText(`Stock check job ${failed}`);
    fireEvent.click(within(failedCard).getByRole('button', { name: `Retry job ${failed}` }));
    const notice = await screen.findByText(
      new RegExp(`^Stock check of job ${failed} retried: job (\\d+), queued$`),
    );
    const queued = Number(/job (\d+), queued/.exec(notice.textContent ?? '')![1]);
    const next = await screen.findByLabelText(`Stock check job ${queued}`);
    expect(within(next).getByText('queued')).toBeTruthy();
    expect(within(next).queryByRole('button', { name: /^Retry/ })).toBeNull();
    const row = await t.app.db
      .selectFrom('jobs')
      .select(['kind', 'store_id', 'status'])
      .where('id', '=', queued)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'stock_check', store_id: fixed, status: 'queued' });
    // The failed job stays, without its Retry now: it says which job ran it again.
    const before = screen.getByLabelText(`Stock check job ${failed}`);
    expect(within(before).getByText('failed')).toBeTruthy();
    expect(await within(before).findByText(`Run again as job ${queued}`)).toBeTruthy();
    expect(within(before).queryByRole('button', { name: /^Retry/ })).toBeNull();
  });
});
