import { BRICKOWL_COLOURS, runColourRefresh } from './brickowl-map';
import { ORDER_INTAKE, runOrderIntake } from './order-intake';
import { runStockCheck, STOCK_CHECK } from './stock-check';
import { runStockSync, STOCK_SYNC } from './stock-sync';
import type { JobHandler } from './types';
import { runUpload, UPLOAD, uploadEnded } from './upload';

/** Every kind of job and the code that runs it. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [UPLOAD]: { run: runUpload, done: uploadEnded, failed: uploadEnded },
  [ORDER_INTAKE]: { run: runOrderIntake },
  [STOCK_SYNC]: { run: runStockSync },
  [STOCK_CHECK]: { run: runStockCheck },
  [BRICKOWL_COLOURS]: { run: runColourRefresh },
};
