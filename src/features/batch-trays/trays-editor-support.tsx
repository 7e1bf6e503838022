import { screen, within } from '@testing-library/react';
import { renderInDataRouter } from '../../test/realServer';
import BatchTraysPage from './BatchTraysPage';

/** Test helpers of the trays editor suites (not used by the app). */

/** Opens the trays editor of a batch and waits until it shows the batch's name. */
export async function openBatch(batchId: number, name: string, projectId = 1) {
  renderInDataRouter(`/projects/${projectId}/${batchId}`, {
    '/projects/:projectid/:batchid': <BatchTraysPage />,
  });
  await screen.findByText(name);
}

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
