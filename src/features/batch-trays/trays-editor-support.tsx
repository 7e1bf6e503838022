import { screen, within } from '@testing-library/react';
import { renderInDataRouter, type startRealServer } from '../../test/realServer';
import BatchTraysPage from './BatchTraysPage';

/** Test helpers of the trays editor suites (not used by the app). */

type TestApp = ReturnType<typeof startRealServer>;

/** Opens the trays editor of a batch. */
export const openBatch = (batchId: number, projectId = 1) =>
  renderInDataRouter(`/projects/${projectId}/${batchId}`, {
    '/projects/:projectid/:batchid': <BatchTraysPage />,
  });

/** Column positions in a row (see columns.ts). */
export const COL = {
  accepted: 1,
  status: 2,
  mold: 3,
  item: 4,
  colour: 5,
  condition: 6,
  quantity: 7,
  price: 8,
  comments: 9,
  info: 10,
};

export const trayRow = (nr: number) => screen.getByRole('row', { name: `tray ${nr}` });
export const trayCell = (nr: number, col: number) =>
  within(trayRow(nr)).getAllByRole('gridcell')[col];

/** A batch's trays as the server holds them, in tray order. */
export const traysOf = (t: TestApp, batchId: number) =>
  t.app.db
    .selectFrom('trays')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('tray_nr')
    .execute();

/** One tray as the server holds it. */
export const trayOf = (t: TestApp, batchId: number, nr: number) =>
  t.app.db
    .selectFrom('trays')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where('tray_nr', '=', nr)
    .executeTakeFirstOrThrow();
