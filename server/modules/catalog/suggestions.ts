import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { CatalogMessages, PART_RELATIONS } from '../../../contract/catalog';
import { Permission } from '../../../contract/permissions';
import {
  type Suggestion,
  type SuggestionList,
  type SuggestionRequest,
  type SuggestionStatus,
} from '../../../contract/catalog-review';
import type { SessionUser } from '../../auth/tokens';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { nextVersion, SHARED_SCOPE } from '../../sync';
import { namesOf, pick } from './changelog';
import { TABLE_OF } from './items';
import { mustNotLoop } from './relation-shape';
import {
  checkUnique,
  currentFields,
  diffChanges,
  isObjectType,
  isPartRelation,
  relationEnds,
  relationExists,
  relationTable,
  type Value,
} from './rules';

type Db = Kysely<Database>;
type Request = z.output<typeof SuggestionRequest>;

/**
 * Records a suggestion: an edit of an object (only the fields that differ from it are kept) or a
 * new relation between two objects. Nothing in the catalog changes until an admin accepts it.
 */
export async function createSuggestion(
  db: Db,
  user: SessionUser,
  body: Request,
): Promise<{ uuid: string; changes: Record<string, unknown> }> {
  let changes: Record<string, unknown>;
  let objectUuid: string | null = null;
  if (isObjectType(body.object_type)) {
    if (!body.object_uuid) throw badRequest('An edit suggestion needs object_uuid');
    const current = await currentFields(db, body.object_type, body.object_uuid);
    if (!current) throw notFound(CatalogMessages.notFound);
    changes = diffChanges(body.object_type, current.fields, body.changes);
    if (Object.keys(changes).length === 0) throw badRequest(CatalogMessages.noChanges);
    await checkUnique(db, body.object_type, current.id, changes as Record<string, Value>);
    objectUuid = body.object_uuid;
  } else {
    const ends = await relationEnds(db, body.object_type, body.changes);
    if (await relationExists(db, ends)) throw badRequest(CatalogMessages.noChanges);
    await mustNotLoop(db, ends, badRequest);
    changes = { from: ends.from.uuid, to: ends.to.uuid, quantity: ends.quantity };
  }
  const uuid = randomUUID();
  await db
    .insertInto('suggestions')
    .values({
      uuid,
      description: body.description,
      object_type: body.object_type,
      object_uuid: objectUuid,
      changes: JSON.stringify(changes),
      created_by_user_id: user.id,
      created_at: nowIso(),
      reviewed_by_user_id: null,
      reviewed_at: null,
    })
    .execute();
  return { uuid, changes };
}

/**
 * Suggestions in these states, newest first, each with its object as it is now, the names of the
 * objects its uuids point at, and whether the caller made it; `may_review` says whether the
 * caller is a curator.
 */
export async function listSuggestions(
  db: Db,
  user: SessionUser,
  statuses: SuggestionStatus[],
  page: number,
  size: number,
): Promise<SuggestionList> {
  const may_review = await isCurator(db, user);
  if (statuses.length === 0) return { count: 0, results: [], may_review };
  const base = db.selectFrom('suggestions as s').where('s.status', 'in', statuses);
  const rows = await base
    .leftJoin('users as u', 'u.id', 's.created_by_user_id')
    .select([
      's.uuid',
      's.status',
      's.description',
      's.object_type',
      's.object_uuid',
      's.changes',
      's.created_at',
      's.created_by_user_id',
      'u.name as creator',
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
  const count = await countRows(base);
  const parsed = rows.map((r) => JSON.parse(r.changes) as Record<string, unknown>);
  // The uuids a suggestion names: its object, or a relation's two ends.
  const named = rows.map((r, i) =>
    [r.object_uuid, parsed[i].from, parsed[i].to].filter((v): v is string => typeof v === 'string'),
  );
  const uuids = named.flat();
  const names = await namesOf(db, [...new Set(uuids)]);
  const results: Suggestion[] = [];
  for (const [i, r] of rows.entries()) {
    const changes = parsed[i];
    let object: Record<string, unknown> | null = null;
    if (r.object_uuid && isObjectType(r.object_type)) {
      const cur = await currentFields(db, r.object_type, r.object_uuid);
      object = cur ? { uuid: r.object_uuid, ...cur.fields } : null;
    }
    results.push({
      uuid: r.uuid,
      status: r.status,
      description: r.description,
      object_type: r.object_type,
      object_uuid: r.object_uuid,
      changes,
      object,
      created_by: { name: r.creator ?? 'Unknown user' },
      created_at: r.created_at,
      mine: r.created_by_user_id === user.id,
      names: pick(names, named[i]),
    });
  }
  return { count, results, may_review };
}

/**
 * The catalog every company reads is curated by the platform: its admin (`brick_admin`) and the
 * admins of the company that runs the platform (the company holding `brick_admin` in the
 * companies × permissions matrix). An admin of any other company proposes, but does not review.
 */
async function isCurator(db: Db, user: SessionUser): Promise<boolean> {
  if (user.permissions.includes(Permission.brick_admin)) return true;
  if (!user.permissions.includes(Permission.admin)) return false;
  const platform = await db
    .selectFrom('company_permissions')
    .select('company_id')
    .where('company_id', '=', user.companyId)
    .where('permission_id', '=', Permission.brick_admin)
    .executeTakeFirst();
  return platform !== undefined;
}

/**
 * Marks an open suggestion reviewed, by a curator who did not make it (403 otherwise). Only one
 * review wins: the update is conditional on the suggestion still being open, so a second accept
 * or reject answers 409.
 */
async function claimOpen(
  trx: Transaction<Database>,
  user: SessionUser,
  uuid: string,
  status: 'accepted' | 'rejected',
) {
  if (!(await isCurator(trx, user))) throw forbidden(CatalogMessages.notCurator);
  const row = await trx
    .selectFrom('suggestions')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw notFound(CatalogMessages.suggestionNotFound);
  if (row.created_by_user_id === user.id) throw forbidden(CatalogMessages.ownSuggestion);
  if (row.status !== 'open') throw conflict(CatalogMessages.notOpen(row.status));
  const done = await trx
    .updateTable('suggestions')
    .set({ status, reviewed_by_user_id: user.id, reviewed_at: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw conflict(CatalogMessages.notOpen('reviewed'));
  return row;
}

export async function rejectSuggestion(db: Db, user: SessionUser, uuid: string): Promise<void> {
  await db.transaction().execute((trx) => claimOpen(trx, user, uuid, 'rejected'));
}

/**
 * Accepts an open suggestion: in one transaction the catalog changes (with a new shared sync
 * version, so devices fetch the changed rows) and the changelog records who changed what, from
 * which value to which. An edit that no longer changes anything, an object that is gone or a
 * relation that now exists refuse the accept (409) and leave the suggestion open.
 */
export async function acceptSuggestion(db: Db, user: SessionUser, uuid: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const s = await claimOpen(trx, user, uuid, 'accepted');
    const actor = await trx
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirst();
    const changes = JSON.parse(s.changes) as Record<string, unknown>;
    const log = {
      actor_user_id: user.id,
      actor_name: actor?.name ?? 'Unknown user',
      created_at: nowIso(),
      suggestion_id: s.id,
      controller_run_id: null,
    };
    if (isObjectType(s.object_type)) {
      const type = s.object_type;
      const current = s.object_uuid ? await currentFields(trx, type, s.object_uuid) : undefined;
      if (!current) throw conflict(CatalogMessages.objectGone);
      const diff = diffChanges(type, current.fields, changes);
      if (Object.keys(diff).length === 0) throw conflict(CatalogMessages.noChanges);
      await checkUnique(trx, type, current.id, diff);
      const version = await nextVersion(trx, SHARED_SCOPE);
      await trx
        .updateTable(TABLE_OF[type])
        .set({ ...diff, version } as never)
        .where('id', '=', current.id)
        .execute();
      await updateMoulds(trx, type, current.id, diff, version);
      const logged = Object.fromEntries(
        Object.entries(diff).map(([f, v]) => [f, { old: current.fields[f], new: v }]),
      );
      await trx
        .insertInto('catalog_changes')
        .values({
          ...log,
          model: type,
          model_uuid: s.object_uuid!,
          action: 'update',
          changes: JSON.stringify(logged),
        })
        .execute();
      return;
    }
    if (!isPartRelation(s.object_type) && !(s.object_type in relationKinds)) {
      throw conflict(`Unknown suggestion type ${s.object_type}`);
    }
    const relation = s.object_type as keyof typeof relationKinds;
    const ends = await relationEnds(trx, relation, changes).catch(() => {
      throw conflict(CatalogMessages.objectGone);
    });
    if (await relationExists(trx, ends)) throw conflict(CatalogMessages.relationExists);
    await mustNotLoop(trx, ends, conflict);
    const t = relationTable(relation);
    const version = await nextVersion(trx, SHARED_SCOPE);
    const relUuid = randomUUID();
    const values: Record<string, unknown> = {
      uuid: relUuid,
      [t.from]: ends.from.id,
      [t.to]: ends.to.id,
      version,
    };
    if (isPartRelation(relation)) values.rel_type = PART_RELATIONS[relation];
    else values.quantity = ends.quantity;
    await trx
      .insertInto(t.table)
      .values(values as never)
      .execute();
    await trx
      .insertInto('catalog_changes')
      .values({
        ...log,
        model: relation,
        model_uuid: relUuid,
        action: 'create',
        changes: JSON.stringify({
          from: { old: null, new: ends.from.uuid },
          to: { old: null, new: ends.to.uuid },
          ...(isPartRelation(relation) ? {} : { quantity: { old: null, new: ends.quantity } }),
        }),
      })
      .execute();
  });
}

/** The mould fields that mirror a catalog object's, by the object's field name. */
const MOULD_FIELDS: Record<string, string> = {
  name: 'name',
  image_url: 'image_url',
  year: 'year',
  weight: 'weight',
  bricklink_id: 'bl_mold_id',
  rebrickable_id: 'rebrickable_id',
  brickowl_id: 'brickowl_id',
};

/**
 * The warehouse's moulds linked to the object show its name, picture, year, weight and ids:
 * an accepted change reaches them in the same transaction, with the same version.
 */
async function updateMoulds(
  trx: Transaction<Database>,
  type: string,
  id: number,
  diff: Record<string, Value>,
  version: number,
): Promise<void> {
  const link = { part: 'part_id', minifig: 'minifig_id', set: 'set_id' }[type];
  const set = Object.fromEntries(
    Object.entries(diff)
      .filter(([f]) => f in MOULD_FIELDS)
      .map(([f, v]) => [MOULD_FIELDS[f], v]),
  );
  if (!link || Object.keys(set).length === 0) return;
  await trx
    .updateTable('moulds')
    .set({ ...set, version } as never)
    .where(link as 'part_id', '=', id)
    .execute();
}

const relationKinds = {
  ...PART_RELATIONS,
  set_in_set: 1,
  minifig_in_set: 1,
  element_in_set: 1,
  element_in_minifig: 1,
} as const;
