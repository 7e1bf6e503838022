import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import { ImportContext, StoppedError } from './context';
import { ImportError } from './source';
import { STAGES } from './stages';
import type { Actor } from './writer';

/** A run's claim on the import: renewed while it works, taken over by no one until it lapses. */
export const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;

export interface RunOptions {
  db: Kysely<Database>;
  runId: number;
  source: string;
  actor: Actor;
  /** Names this server on the run (locked_by). */
  serverId: string;
  /** Aborted when the server shuts down: the run stops at the next batch and is marked failed. */
  signal: AbortSignal;
  log?: Logger;
  batchSize?: number;
}

const leaseUntil = () => new Date(Date.now() + LEASE_MS).toISOString();

/** The text a failed run shows: the stage, then what went wrong in it. */
function errorText(label: string, err: unknown): string {
  if (err instanceof ImportError || err instanceof StoppedError) return `${label}: ${err.message}`;
  const message = err instanceof Error ? err.message : String(err);
  return `${label}: the catalog could not be written (${message})`;
}

/**
 * Runs the controller: every stage in order, each with its status on the run row, the files'
 * counts as live progress, then completed — or failed with the stage and reason. Never throws.
 */
export async function runCatalogImport(opts: RunOptions): Promise<void> {
  const { db, runId } = opts;
  let stage = STAGES[0];
  const update = async (values: Record<string, string | null>): Promise<void> => {
    const now = new Date().toISOString();
    await db
      .updateTable('controller_runs')
      .set({ updated_at: now, locked_until: leaseUntil(), ...values })
      .where('id', '=', runId)
      .execute();
  };
  const ctx: ImportContext = new ImportContext(
    db,
    opts.source,
    opts.actor,
    opts.signal,
    (): Promise<void> => update({ progress: JSON.stringify(ctx.files) }),
    opts.batchSize,
  );
  const heartbeat = setInterval(() => {
    void update({}).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    for (stage of STAGES) {
      ctx.checkStopped();
      await update({ status: stage.status, locked_by: opts.serverId });
      await stage.run(ctx);
    }
    clearInterval(heartbeat);
    const now = new Date().toISOString();
    await update({
      status: 'completed',
      finished_at: now,
      locked_by: null,
      locked_until: null,
      progress: JSON.stringify(ctx.files),
    });
    opts.log?.info({ runId, files: ctx.files }, 'catalog import completed');
  } catch (err) {
    clearInterval(heartbeat);
    const error = errorText(stage.label, err);
    opts.log?.warn({ runId, err }, `catalog import failed: ${error}`);
    try {
      await update({
        status: 'failed',
        error,
        finished_at: new Date().toISOString(),
        locked_by: null,
        locked_until: null,
        progress: JSON.stringify(ctx.files),
      });
    } catch (writeErr) {
      opts.log?.error({ runId, err: writeErr }, 'the failed catalog import could not be recorded');
    }
  }
}
