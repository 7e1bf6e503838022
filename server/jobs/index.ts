export { JOB_HANDLERS } from './handlers';
export { JobRunner, type JobRunnerOptions } from './runner';
export { BackgroundJobs } from './service';
export { claimJob, type JobRow } from './claim';
export { JobFailure, JobKilled, type JobContext, type JobHandler } from './types';
export { persistedClients, storeClient } from './store-client';
export { NO_STORE, queueUpload, UPLOAD } from './upload';
export { ORDER_INTAKE } from './order-intake';
export { queueDueOrderIntakes, queueOrderIntake } from './order-intake/queue';
export { jobViews } from './view';
export { NO_SYNC_STORE, queueStockSyncs, STOCK_SYNC } from './stock-sync';
export { NO_CHECK_STORE, queueStockChecks, STOCK_CHECK } from './stock-check';
export {
  BRICKOWL_COLOURS,
  NO_BRICKOWL_STORE,
  queueColourRefresh,
  queueDueColourRefresh,
} from './brickowl-map';
export { retryJob } from './retry';
