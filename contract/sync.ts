import { z } from 'zod';
import { int, INT_MAX, text } from './fields';

/**
 * The offline sync protocol (src/offline/README.md, server/sync/README.md). Every floor write is
 * a mutation in the device's outbox; the server applies each at most once (by `id`) and answers
 * per mutation.
 */
export const MutationEnvelope = z.object({
  /** Client-made UUID: the idempotency key. */
  id: z.string().uuid(),
  /** Per-device counter, increasing by one for each mutation the device makes. */
  seq: z.number().int().min(0).max(INT_MAX),
  /** Versioned business action, e.g. `pick.confirm.v1`. */
  name: text(64, { trim: false }).min(1),
  args: z.unknown(),
});
export type MutationEnvelope = z.infer<typeof MutationEnvelope>;

export const PushRequest = z.object({
  device_id: text(64, { trim: false }).min(8),
  mutations: z.array(MutationEnvelope).max(500),
});
export type PushRequest = z.infer<typeof PushRequest>;

export const MutationResult = z.discriminatedUnion('status', [
  z.object({ id: z.string(), status: z.literal('applied') }),
  /**
   * The server failed on this mutation (a fault, not a rule): nothing was applied or recorded, and
   * the rest of the batch still ran. The device keeps the entry and sends it again with backoff;
   * after a few such failures it shows the entry as stuck (Retry / Dismiss) and goes on.
   */
  z.object({
    id: z.string(),
    status: z.literal('failed'),
    code: z.string(),
    message: z.string(),
  }),
  z.object({
    id: z.string(),
    status: z.literal('rejected'),
    /** Stable machine code, e.g. `stock_insufficient`, `order_taken`, `unknown_mutation`. */
    code: z.string(),
    /** The message the user sees in the sync problems list. */
    message: z.string(),
  }),
]);
export type MutationResult = z.infer<typeof MutationResult>;

/** Rejection codes the sync engine itself gives (modules add their own, e.g. `stock_insufficient`). */
export const SyncRejectCode = {
  /**
   * The server knows no mutation of this name: the app and the server are of different versions
   * (most often an app the device kept from before an update of the server).
   */
  unknownMutation: 'unknown_mutation',
  /** The user does not hold a role the mutation needs. Message: 'Permission denied'. */
  forbidden: 'forbidden',
  /** The args do not match the mutation's schema; the server's log lists the problems. */
  invalidArgs: 'invalid_args',
  /** Another company already used this mutation id. */
  duplicateId: 'duplicate_id',
  /** A recorded rejection without a code (not given by this server). */
  rejected: 'rejected',
} as const;

/**
 * What the floor reads for the engine's own refusals: never a mutation's name or a field path
 * (the server logs those).
 */
export const SyncRejectMessages = {
  /** The server knows no change of this kind: the app is out of date (most often). */
  unknownMutation: 'This app is older than the server: update the app (reload) and try again.',
  /** The server could not read the change's details. */
  invalidArgs:
    'The server could not read this change: update the app (reload) and make the change again.',
} as const;

/**
 * The answer to a push (HTTP 200):
 * - `results` holds one entry per mutation, in seq order. Applied or rejected, the answer is
 *   final: sending the same id again returns the same result and applies nothing. `failed` is a
 *   server fault on that one mutation: not final, send it again later; the others still ran.
 * - A mutation of the request that has no result was NOT processed (the server stopped early,
 *   e.g. it lost its database): keep it in the outbox and send it again later, with backoff.
 * - When the server cannot process any mutation (database down) it answers 503 with the error
 *   body instead, so the client's ordinary 5xx retry applies.
 */
export const PushResponse = z.object({
  results: z.array(MutationResult),
  /** Highest seq the server has seen from this device (-1 before its first mutation). */
  last_seq: z.number().int(),
});
export type PushResponse = z.infer<typeof PushResponse>;

export const PullQuery = z.object({
  collection: z.string().min(1),
  /** Version cursor from the previous page; 0 for a first sync. */
  cursor: int(0, INT_MAX).default(0),
  limit: int(1, 5000).default(1000),
});
export type PullQuery = z.infer<typeof PullQuery>;

export const PullResponse = z.object({
  collection: z.string(),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** Keys of rows deleted since the cursor. */
  tombstones: z.array(z.union([z.string(), z.number()])),
  /** Pass back as `cursor` for the next page. */
  cursor: z.number().int(),
  has_more: z.boolean(),
  /**
   * The device's cursor cannot be served: older than the server keeps tombstones for, or ahead of
   * the server (its database was restored from a backup). The device drops its copy of the
   * collection and pulls it again from cursor 0; its outbox is not touched. `rows` and
   * `tombstones` are empty and `cursor` is 0 in such an answer.
   */
  resync: z.boolean().optional(),
});
export type PullResponse = z.infer<typeof PullResponse>;
