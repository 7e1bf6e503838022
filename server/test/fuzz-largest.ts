import { expect } from 'vitest';
import { TRAY_PRICE_MAX, type TrayList } from '../../contract/batch-trays';
import { STOCK_MAX } from '../../contract/fields';
import {
  HOURS_MAX,
  PRICE_MAX as PROJECT_PRICE_MAX,
  type BatchRow,
  type ProjectRow,
} from '../../contract/projects';
import { firstItem, insertTrays } from './digitizing';
import { caller, type TestApp } from './helpers';

/**
 * A project at the largest prices and hours, with a batch of trays at the largest price and
 * quantity a tray takes, made through the routes as a digitizer would (`auth` holds every
 * permission of `company`): the lists that add them up are then fuzzed with them in.
 */
export async function seedLargestDigitizing(t: TestApp, auth: string, company: number) {
  const call = caller(() => t);
  const made = await call(auth, 'PUT', '/v1/projects', {
    name: 'Largest values',
    condition: 'NEW',
    content: 'c',
    purpose: 'p',
    main_purchase_price: PROJECT_PRICE_MAX,
    other_purchase_price: PROJECT_PRICE_MAX,
    sorting_hours: HOURS_MAX,
    other_hours: HOURS_MAX,
  });
  expect(made.statusCode, made.body).toBe(200);
  const projectId = (made.json().results as ProjectRow[]).find(
    (p) => p.name === 'Largest values',
  )!.project_id;
  const batch = await call(auth, 'PUT', `/v1/batches?project_id=${projectId}`, { name: 'Gold' });
  expect(batch.statusCode, batch.body).toBe(200);
  const batchId = (batch.json().results as BatchRow[]).find((b) => b.name === 'Gold')!.batch_id;
  const item = await firstItem(t, company);
  const trayIds = await insertTrays(t, { company, batchId, item, count: 5, price: 0 });
  const q = `?project_id=${projectId}&batch_id=${batchId}`;
  const claim = await call(auth, 'POST', `/v1/trays/claim${q}`, { claim: true });
  expect(claim.statusCode, claim.body).toBe(200);
  const save = await call(auth, 'POST', `/v1/trays${q}`, {
    trays: trayIds.map((tray_id) => ({
      tray_id,
      item_id: item.id,
      mold_id: item.mold_id,
      colour_id: item.colour_id,
      condition: item.condition,
      quantity: STOCK_MAX,
      price: TRAY_PRICE_MAX,
      status: 'ready for filling',
      comments: '',
    })),
  });
  expect(save.statusCode, save.body).toBe(200);
  expect((save.json() as TrayList).results.map((r) => r.total_price)).toEqual(
    trayIds.map(() => TRAY_PRICE_MAX * STOCK_MAX),
  );
  const hours = await call(auth, 'POST', `/v1/batches?project_id=${projectId}`, {
    batch_id: batchId,
    name: 'Gold',
    comments: '',
    digitizing_hours: HOURS_MAX,
    warehouse_hours: HOURS_MAX,
  });
  expect(hours.statusCode, hours.body).toBe(200);
  return { projectId, batchId, worth: trayIds.length * TRAY_PRICE_MAX * STOCK_MAX };
}

/** The project and batch lists still answer, and still add the largest values up. */
export async function expectLargestSummed(
  t: TestApp,
  auth: string,
  seeded: Awaited<ReturnType<typeof seedLargestDigitizing>>,
) {
  const call = caller(() => t);
  const projects = await call(auth, 'GET', '/v1/projects');
  expect(projects.statusCode, projects.body).toBe(200);
  const batches = await call(auth, 'GET', `/v1/batches?project_id=${seeded.projectId}`);
  expect(batches.statusCode, batches.body).toBe(200);
}
