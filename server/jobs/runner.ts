import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { nowIso } from '../db/dialect';
import type { Database } from '../db/schema';
import { MarketplaceError, type MarketplaceClients } from '../marketplaces';
import { claimJob, finishJob, renewLease, type JobRow } from './claim';
import { journal } from './journal';
import {
  CREDENTIALS_REFUSED,
  JobFailure,
  JobKilled,
  type JobContext,
  type JobHandler,
} from './types';

export interface JobRunnerOptions {
  db: Kysely<Database>;
  clients: MarketplaceClients;
  log: Logger;
  handlers: Record<string, JobHandler>;
  /** Distinguishes servers; default host#pid. */
  serverId?: string;
  /** How long a claim holds without renewal (default 60 s); renewed every third of it. */
  leaseMs?: number;
  /** How often an idle runner looks for work (default 2 s). */
  pollMs?: number;
  /** Test hook: called after each marketplace step of a job (may throw JobKilled). */
  afterStep?: (job: JobRow) => void;
  /** A retryable failure without a wait given comes back after this long (default 60 s). */
  retryDelayMs?: number;
  /** Attempts before a retryable failure fails the job (default 10). */
  maxAttempts?: number;
}

/**
 * Runs the jobs recorded in the database, one at a time per runner. Several runners (in one or
 * several servers) share the table: each job is claimed by one of them under a lease it renews
 * while working; if the runner's server dies, the lease lapses and another runner resumes the job
 * from its items' recorded states.
 */
export class JobRunner {
  readonly serverId: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private loop: Promise<void> | null = null;
  private stopping = new AbortController();
  private wake: (() => void) | null = null;

  constructor(private readonly opts: JobRunnerOptions) {
    this.serverId = opts.serverId ?? `${hostname()}#${process.pid}`;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.pollMs = opts.pollMs ?? 2_000;
  }

  /** Starts looking for work in the background. */
  start(): void {
    if (this.loop) return;
    this.stopping = new AbortController();
    this.loop = this.run();
  }

  /** Looks for work now instead of at the next poll (after a job was queued). */
  poke(): void {
    this.wake?.();
  }

  /** Stops: the running job stops at its next item and goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (err) {
        this.opts.log.error({ err }, 'job runner');
      }
      if (worked || this.stopping.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Claims and runs one job; false when none was runnable. */
  async runOnce(): Promise<boolean> {
    const kinds = Object.keys(this.opts.handlers);
    const job = await claimJob(this.opts.db, this.serverId, this.leaseMs, kinds);
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  private async execute(job: JobRow): Promise<void> {
    const { db, log } = this.opts;
    const lost = new AbortController();
    const signal = AbortSignal.any([this.stopping.signal, lost.signal]);
    const renew = setInterval(
      () =>
        void renewLease(db, job.id, this.serverId, this.leaseMs).then(
          (mine) => mine || lost.abort(),
          (err: unknown) => log.warn({ err, job: job.id }, 'job lease not renewed'),
        ),
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    const ctx: JobContext = {
      job,
      db,
      clients: this.opts.clients,
      log,
      signal,
      progress: async (stage, done, total) => {
        await db
          .updateTable('jobs')
          .set({ stage, progress_done: done, progress_total: total, updated_at: nowIso() })
          .where('id', '=', job.id)
          .where('claimed_by', '=', this.serverId)
          .execute();
      },
      afterStep: () => this.opts.afterStep?.(job),
    };
    try {
      await this.opts.handlers[job.kind].run(ctx);
      if (signal.aborted) {
        if (!lost.signal.aborted) await this.requeue(job, 'the server stopped', 0);
        return;
      }
      await finishJob(db, job.id, this.serverId, { status: 'done' });
      await journal(db, job, 'info', 'done');
      await this.ended(job, 'done');
    } catch (err) {
      if (err instanceof JobKilled) return; // as if the process died: the lease will lapse
      await this.failOrRetry(job, err);
    } finally {
      clearInterval(renew);
    }
  }

  private async failOrRetry(job: JobRow, err: unknown): Promise<void> {
    const maxAttempts = this.opts.maxAttempts ?? 10;
    // A 5xx may come back: a lot it left uncertain is checked by the next run.
    const passing = err instanceof MarketplaceError && (err.retryable || err.status >= 500);
    if (passing && job.attempts < maxAttempts) {
      const wait = err.retryAfterMs ?? this.opts.retryDelayMs ?? 60_000;
      this.opts.log.warn({ job: job.id, code: err.code, wait }, 'job waits for the marketplace');
      await this.requeue(job, err.message, wait);
      await journal(this.opts.db, job, 'warning', 'waits', err.message);
      return;
    }
    const message =
      err instanceof MarketplaceError && refusedCredentials(err)
        ? `${CREDENTIALS_REFUSED}: check them in Stores (${err.message})`
        : err instanceof JobFailure || err instanceof MarketplaceError
          ? err.message
          : `Unexpected error: ${err instanceof Error ? err.message : String(err)}`;
    if (!(err instanceof JobFailure || err instanceof MarketplaceError)) {
      this.opts.log.error({ err, job: job.id }, 'job failed');
    }
    await finishJob(this.opts.db, job.id, this.serverId, { status: 'failed', error: message });
    await journal(this.opts.db, job, 'error', 'failed', message);
    await this.ended(job, 'failed');
  }

  /** What else changes once a job ended; a failure here leaves the job's own end as it is. */
  private async ended(job: JobRow, how: 'done' | 'failed'): Promise<void> {
    try {
      await this.opts.handlers[job.kind][how]?.(this.opts.db, job);
    } catch (err) {
      this.opts.log.error({ err, job: job.id }, `after the job was ${how}`);
    }
  }

  private requeue(job: JobRow, error: string, waitMs: number): Promise<void> {
    const runAfter = new Date(Date.now() + waitMs).toISOString();
    return finishJob(this.opts.db, job.id, this.serverId, { status: 'queued', runAfter, error });
  }
}

function refusedCredentials(err: MarketplaceError): boolean {
  return err.code === 'BAD_OAUTH_REQUEST' || err.code === 'BAD_KEY' || err.status === 401;
}
