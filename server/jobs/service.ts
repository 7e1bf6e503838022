import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { MarketplaceClients } from '../marketplaces';
import { queueDueColourRefresh } from './brickowl-map';
import { JOB_HANDLERS } from './handlers';
import { queueDueOrderIntakes } from './order-intake/queue';
import { pruneJobs, queueDue } from './queue';
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
}

/** Finished order intakes, stock syncs and checks are kept this long (the Jobs screen shows them). */
const KEEP_FINISHED_MS = 14 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * This server's share of the background jobs: a runner taking jobs from the database, and the
 * schedule of order intakes, stock syncs and checks, and the daily reading of BrickOwl's colours. Started with the server, stopped before it closes.
 */
export class BackgroundJobs {
  readonly runner: JobRunner;
  private timer: NodeJS.Timeout | null = null;
  private prunedAt = 0;

  constructor(private readonly opts: BackgroundJobsOptions) {
    this.runner = new JobRunner({
      db: opts.db,
      clients: opts.clients ?? persistedClients(opts.db),
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
  }

  /** A job was queued: look now instead of at the next poll. */
  poke(): void {
    this.runner.poke();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
      if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
        this.prunedAt = Date.now();
        await pruneJobs(this.opts.db, KEEP_FINISHED_MS);
      }
    } catch (err) {
      this.opts.log.error({ err }, 'order intake schedule');
    }
  }
}
