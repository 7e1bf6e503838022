import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { MarketplaceClients } from '../marketplaces';
import { queueDueColourRefresh } from './brickowl-map';
import { JOB_HANDLERS } from './handlers';
import { queueDueOrderIntakes } from './order-intake/queue';
import { pruneJobs, pruneLogEntries, queueDue } from './queue';
import { STOCK_CHECK } from './stock-check';
import { STOCK_SYNC } from './stock-sync';
import { JobRunner } from './runner';
import { persistedClients } from './store-client';

export interface BackgroundJobsOptions {
  db: Kysely<Database>;
  log: Logger;
  /** Minutes between order intakes (and stock syncs) of a store; 0: only on demand. */
  orderIntakeMinutes: number;
  /** How long a claim on a running job lasts unless renewed (default 60 s). */
  leaseMs?: number;
  clients?: MarketplaceClients;
  /** Days a finished or failed job is kept (JOB_RETENTION_DAYS, default 30). */
  jobRetentionDays?: number;
  /** Days a marketplace log line is kept (LOG_RETENTION_DAYS, default 90). */
  logRetentionDays?: number;
}

const DAY_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
/** The first prune after a start waits this long, out of the way of the start itself. */
const FIRST_PRUNE_MS = 60_000;

/**
 * This server's share of the background jobs: a runner taking jobs from the database, and the
 * schedule of order intakes, stock syncs and checks, and the daily reading of BrickOwl's colours. Started with the server, stopped before it closes.
 */
export class BackgroundJobs {
  readonly runner: JobRunner;
  /** This server's marketplace clients: one daily BrickLink budget per store for everything. */
  readonly clients: MarketplaceClients;
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private firstPrune: NodeJS.Timeout | null = null;

  constructor(private readonly opts: BackgroundJobsOptions) {
    this.clients = opts.clients ?? persistedClients(opts.db);
    this.runner = new JobRunner({
      db: opts.db,
      clients: this.clients,
      log: opts.log,
      handlers: JOB_HANDLERS,
      leaseMs: opts.leaseMs,
    });
  }

  start(): void {
    this.runner.start();
    const everyMs = this.opts.orderIntakeMinutes * 60_000;
    if (everyMs > 0 && !this.timer) {
      // Checked every minute at most; a store is queued once its last intake is `everyMs` old.
      this.timer = setInterval(() => void this.schedule(everyMs), Math.min(everyMs, 60_000));
      this.timer.unref();
    }
    if (!this.pruneTimer) {
      this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
      this.firstPrune = setTimeout(() => void this.prune(), FIRST_PRUNE_MS);
      this.pruneTimer.unref();
      this.firstPrune.unref();
    }
  }

  /**
   * Deletes what ended long ago: jobs that ended more than the job retention ago (uploads of a
   * batch not fully uploaded excepted) and marketplace log lines older than the log retention.
   * Runs hourly in every server; each deletes what is due, so running twice deletes nothing more.
   */
  async prune(): Promise<{ jobs: number; logEntries: number }> {
    try {
      const jobs = await pruneJobs(this.opts.db, (this.opts.jobRetentionDays ?? 30) * DAY_MS);
      const logEntries = await pruneLogEntries(
        this.opts.db,
        (this.opts.logRetentionDays ?? 90) * DAY_MS,
      );
      if (jobs + logEntries > 0) this.opts.log.info({ jobs, logEntries }, 'pruned old jobs');
      return { jobs, logEntries };
    } catch (err) {
      this.opts.log.error({ err }, 'pruning old jobs');
      return { jobs: 0, logEntries: 0 };
    }
  }

  /** A job was queued: look now instead of at the next poll. */
  poke(): void {
    this.runner.poke();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.firstPrune) clearTimeout(this.firstPrune);
    this.timer = null;
    this.pruneTimer = null;
    this.firstPrune = null;
    await this.runner.stop();
  }

  private async schedule(everyMs: number): Promise<void> {
    try {
      const queued =
        (await queueDueOrderIntakes(this.opts.db, everyMs)) +
        (await queueDue(this.opts.db, STOCK_SYNC, everyMs)) +
        (await queueDue(this.opts.db, STOCK_CHECK, 24 * 3600_000)) +
        (await queueDueColourRefresh(this.opts.db));
      if (queued > 0) this.runner.poke();
    } catch (err) {
      this.opts.log.error({ err }, 'order intake schedule');
    }
  }
}
