import type { JobHandler } from './types';
import { uploadFailed, runUpload, UPLOAD } from './upload';

export { JobRunner, type JobRunnerOptions } from './runner';
export { claimJob, type JobRow } from './claim';
export { JobFailure, JobKilled, type JobContext, type JobHandler } from './types';
export { persistedClients } from './store-client';
export { queueUpload, UPLOAD } from './upload';

/** Every kind of job and the code that runs it. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [UPLOAD]: { run: runUpload, failed: uploadFailed },
};
