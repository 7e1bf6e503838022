import type { MutationResult, PushResponse } from './sync';

/**
 * The push answer (`PushResponse` in sync.ts) checked by hand, for the device's outbox code: the
 * service worker runs it, and zod would be most of the worker's size. Types come from the
 * contract, and sync-answers.test.ts holds this check to the zod schema's verdicts.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readResult(v: unknown): MutationResult | undefined {
  if (!isObject(v) || typeof v.id !== 'string') return undefined;
  if (v.status === 'applied') return { id: v.id, status: 'applied' };
  if (v.status !== 'failed' && v.status !== 'rejected') return undefined;
  if (typeof v.code !== 'string' || typeof v.message !== 'string') return undefined;
  return { id: v.id, status: v.status, code: v.code, message: v.message };
}

/** The push answer as the contract defines it, or undefined when the body is not one. */
export function readPushResponse(body: unknown): PushResponse | undefined {
  if (!isObject(body) || !Array.isArray(body.results) || !Number.isInteger(body.last_seq)) {
    return undefined;
  }
  const results: MutationResult[] = [];
  for (const item of body.results) {
    const result = readResult(item);
    if (!result) return undefined;
    results.push(result);
  }
  return { results, last_seq: body.last_seq as number };
}
