import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { MarketplaceClients } from '../marketplaces';
import type { JobRow } from './claim';

/** What a job's handler gets: its row, the database, the clients, and ways to report. */
export interface JobContext {
  job: JobRow;
  db: Kysely<Database>;
  clients: MarketplaceClients;
  log: Logger;
  /** Aborted when the server stops or the job's lease was lost: stop at the next item. */
  signal: AbortSignal;
  /** Records the job's stage and progress (done of total) for the screens. */
  progress(stage: string, done: number, total: number): Promise<void>;
  /**
   * Called after each step that changed the marketplace (tests use it to stop a runner there, as
   * if its server died; it throws JobKilled).
   */
  afterStep(): void;
}

/**
 * How a kind of job runs, and what else must change once it is done or failed for good (called
 * after the job's own end is written).
 */
export interface JobHandler {
  run(ctx: JobContext): Promise<void>;
  done?(db: Kysely<Database>, job: JobRow): Promise<void>;
  failed?(db: Kysely<Database>, job: JobRow): Promise<void>;
}

/** How a job's error starts when the marketplace refused the store's credentials. */
export const CREDENTIALS_REFUSED = "The marketplace refused the store's credentials";

/** A job failed for a reason a person must fix (bad credentials, a store gone): not retried. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** Thrown to stop a runner where it stands, leaving its job claimed, as a crash would. */
export class JobKilled extends Error {
  constructor() {
    super('the runner was stopped');
    this.name = 'JobKilled';
  }
}
