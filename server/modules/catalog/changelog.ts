import type { Kysely } from 'kysely';
import type { ChangeEntry } from '../../../contract/catalog';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The catalog's changelog, newest first: every accepted suggestion and every controller run's
 * real change, with the actor's name as it was then and each field's old and new value. With a
 * uuid, only that object's entries.
 */
export async function listChanges(
  db: Db,
  page: number,
  size: number,
  uuid?: string,
): Promise<{ count: number; results: ChangeEntry[] }> {
  let base = db.selectFrom('catalog_changes');
  if (uuid !== undefined) base = base.where('model_uuid', '=', uuid);
  const rows = await base
    .select(['id', 'model', 'model_uuid', 'action', 'actor_name', 'created_at', 'changes'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    count: Number(total.n),
    results: rows.map((r) => ({
      id: r.id,
      model: r.model,
      model_uuid: r.model_uuid,
      action: r.action,
      actor: { name: r.actor_name },
      timestamp: r.created_at,
      changes: parseChanges(r.changes),
    })),
  };
}

/** `field -> {old, new}`; anything else stored is shown as one `value` entry. */
function parseChanges(stored: string): ChangeEntry['changes'] {
  try {
    const v = JSON.parse(stored) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const out: ChangeEntry['changes'] = {};
      for (const [k, c] of Object.entries(v as Record<string, unknown>)) {
        out[k] =
          c && typeof c === 'object' && 'new' in c
            ? { old: (c as { old?: unknown }).old ?? null, new: (c as { new: unknown }).new }
            : { old: null, new: c };
      }
      return out;
    }
    return { value: { old: null, new: v } };
  } catch {
    return { value: { old: null, new: stored } };
  }
}
