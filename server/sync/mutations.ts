import type { Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { RoleName } from '../../contract/permissions';
import type { SessionUser } from '../auth/tokens';
import type { Database } from '../db/schema';
import { namedRegistry } from './registry';

/**
 * Thrown by a mutation's `apply` to refuse it: the effect is rolled back, the rejection is
 * recorded, and the user sees `message` in the sync problems list. (An AppError with a 4xx status
 * is treated the same way; anything else is a server fault and the mutation is retried later.)
 */
export class MutationRejected extends Error {
  constructor(
    /** Stable machine code, e.g. `stock_insufficient`. */
    readonly code: string,
    /** The text the user sees. */
    message: string,
  ) {
    super(message);
    this.name = 'MutationRejected';
  }
}

export interface MutationContext {
  user: SessionUser;
  /** The caller's company: scope every query by it. */
  companyId: number;
  deviceId: string;
  /** The client's UUID of this mutation. */
  mutationId: string;
  seq: number;
  log: FastifyBaseLogger;
  /**
   * The company's next sync version, taken once per mutation (later calls return the same
   * number): stamp every row the mutation writes with it. The push reserved it before the
   * mutation ran (on PostgreSQL without a company-wide lock: guard each write in SQL, or lock a
   * row before reading what will be written back; see push-versions.ts).
   */
  version: () => Promise<number>;
}

export interface MutationDef<Args = unknown> {
  /** Versioned name, e.g. `pick.confirm.v1`. */
  name: string;
  /** The caller needs at least one of these roles; an empty list admits every signed-in user. */
  roles: readonly RoleName[];
  /** The args schema (from contract/): invalid args are rejected with `invalid_args`. */
  args: z.ZodType<Args>;
  /**
   * The one atomic effect, inside the push's transaction for this mutation. Stamp every synced
   * row it writes with `await ctx.version()`, record deletions with recordTombstone; throw
   * MutationRejected to refuse (everything it wrote is undone).
   */
  apply: (trx: Transaction<Database>, ctx: MutationContext, args: Args) => Promise<void>;
  /**
   * After a rejection (the effect is already undone): stamp the rows the device changed
   * optimistically for this action with a new version (`await ctx.version()`), unchanged
   * otherwise, so the device's next pull sends them again and replaces its guesses with the
   * server's truth. Without it a refused pick or fill would leave wrong stock on the device until
   * the row changed on the server for another reason.
   */
  restamp?: (trx: Transaction<Database>, ctx: MutationContext, args: Args) => Promise<void>;
  /**
   * Optional: applies a run of consecutive mutations of this name at once, in a few set-based
   * statements, with exactly the effect of applying each in turn. Answers false when any of them
   * would be refused; the engine then undoes whatever it wrote and applies them one by one, which
   * finds and records each refusal. Stamp every row written with `version`. A run may hold the
   * mutations of several devices and users of the company (pushes that arrived together).
   */
  applyMany?: (
    trx: Transaction<Database>,
    ctx: ManyContext,
    run: ManyItem<Args>[],
    version: number,
  ) => Promise<boolean>;
}

/** What a run of mutations applied at once knows of its callers. */
export interface ManyContext {
  companyId: number;
}

/** One mutation of a run: its args and the user who sent it. */
export interface ManyItem<Args> {
  args: Args;
  userId: number;
}

/** Typed helper: `args` of `apply` are inferred from the schema. */
export function defineMutation<Args>(def: MutationDef<Args>): MutationDef<Args> {
  return def;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds every args type
export type AnyMutationDef = MutationDef<any>;

const registry = namedRegistry<AnyMutationDef>('mutation');

/**
 * Makes a mutation known to POST /api/v1/sync/push. Modules call it from their route plugin (or at
 * import time). Registering the same definition again is a no-op (several apps in one process);
 * another definition under a taken name is a programming error.
 */
export function registerMutation(...defs: AnyMutationDef[]): void {
  registry.add(defs);
}

export function findMutation(name: string): MutationDef<unknown> | undefined {
  return registry.find(name);
}
