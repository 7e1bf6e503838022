import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import {
  ControllerMessages,
  stageLabel,
  type ControllerPreview,
  type ControllerRun,
} from '../../../contract/controllers';
import { previewCatalogImport } from '../../catalog-import/preview';
import { catalogSource } from '../../catalog-import/source';
import { LEASE_MS, runCatalogImport } from '../../catalog-import/run';
import { isPostgres, nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';

const HOST = hostname();
/** Advisory lock key of "starting a controller" on PostgreSQL (several servers, one database). */
const START_LOCK = 7_311_011;
const FINISHED = ['completed', 'failed'] as const;

/** A run's error when its server went away mid-run. */
function stoppedText(status: string): string {
  const label = stageLabel(status);
  return label
    ? `${label}: ${ControllerMessages.stopped}`
    : `Started: ${ControllerMessages.stopped}`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks failed the runs whose server is gone: its lease lapsed (it stopped renewing), or — on
 * start-up — it ran in a process of this machine that no longer exists (a restart). So no run
 * stays busy for ever.
 */
export async function failInterruptedRuns(
  db: Kysely<Database>,
  opts: { checkLocalProcesses?: boolean } = {},
): Promise<number> {
  const now = nowIso();
  const open = await db
    .selectFrom('controller_runs')
    .select(['id', 'status', 'locked_by', 'locked_until'])
    .where('status', 'not in', FINISHED)
    .execute();
  let failed = 0;
  for (const run of open) {
    const lapsed = run.locked_until === null || run.locked_until < now;
    const [host, pid] = (run.locked_by ?? '').split('#');
    const gone =
      opts.checkLocalProcesses === true &&
      host === HOST &&
      Number(pid) !== process.pid &&
      !processAlive(Number(pid));
    if (!lapsed && !gone) continue;
    const res = await db
      .updateTable('controller_runs')
      .set({
        status: 'failed',
        error: stoppedText(run.status),
        finished_at: now,
        updated_at: now,
        locked_by: null,
        locked_until: null,
      })
      .where('id', '=', run.id)
      .where('status', '=', run.status)
      .executeTakeFirst();
    failed += Number(res.numUpdatedRows);
  }
  return failed;
}

/** The catalog import jobs of this server: at most one run at a time over all servers. */
export class ControllerJobs {
  readonly serverId = `${HOST}#${process.pid}`;
  private running: Promise<void> | null = null;
  private previewing: Promise<ControllerPreview> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a new run and starts it in the background; refuses while another run is open. */
  async start(userId: number): Promise<ControllerRun> {
    const now = nowIso();
    const runId = await this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) {
        await sql`select pg_advisory_xact_lock(${START_LOCK})`.execute(trx);
      }
      await failInterruptedRuns(trx);
      const open = await trx
        .selectFrom('controller_runs')
        .select('id')
        .where('status', 'not in', FINISHED)
        .executeTakeFirst();
      if (open) throw conflict(ControllerMessages.alreadyRunning);
      const row = await trx
        .insertInto('controller_runs')
        .values({
          status: 'started',
          created_by_user_id: userId,
          created_at: now,
          updated_at: now,
          finished_at: null,
          error: null,
          progress: null,
          locked_by: this.serverId,
          locked_until: new Date(Date.now() + LEASE_MS).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const user = await this.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirst();
    this.running = runCatalogImport({
      db: this.db,
      runId,
      source: catalogSource(),
      actor: { runId, userId, name: user?.name ?? '' },
      serverId: this.serverId,
      signal: this.abort.signal,
      log: this.log as unknown as Logger,
    }).finally(() => {
      this.running = null;
    });
    return {
      id: runId,
      status: 'started',
      created_by: { name: user?.name ?? '' },
      created_at: now,
      updated_at: now,
      finished_at: null,
      error: null,
      progress: null,
    };
  }

  /**
   * What a run would change, writing nothing. Callers asking while a preview is under way get that
   * one: a server compares the dump with the catalog once at a time.
   */
  preview(): Promise<ControllerPreview> {
    this.previewing ??= previewCatalogImport(this.db, catalogSource(), this.abort.signal).finally(
      () => {
        this.previewing = null;
      },
    );
    return this.previewing;
  }

  /** Resolves when this server's run (if any) has ended; for tests and shutdown. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Shutdown: the run stops at its next batch and is recorded as failed. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.previewing?.catch(() => undefined);
    await this.running;
  }
}
