import { ORDER_INTAKE, runOrderIntake } from './order-intake';
import type { JobHandler } from './types';
import { runUpload, UPLOAD, uploadFailed } from './upload';

/** Every kind of job and the code that runs it. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [UPLOAD]: { run: runUpload, failed: uploadFailed },
  [ORDER_INTAKE]: { run: runOrderIntake },
};
