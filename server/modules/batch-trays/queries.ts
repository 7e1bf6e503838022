import type { Kysely } from 'kysely';
import type { ClaimState, TrayList, TrayRow, Variant } from '../../../contract/batch-trays';
import type { Database } from '../../db/schema';
import { mustFindBatch, mustFindProject } from '../projects/queries';
import { claimLeaseSeconds, liveHolder } from './lease';

type Db = Kysely<Database>;

/**
 * Prices are stored in thousandths of a euro (toThousandths) and answered as exact euro (133 is
 * 0.133), never rounded to cents: the editor sends a tray's price back with every save of the
 * tray, so a rounded answer would lose the thousandths on a quantity-only edit.
 */
export const toEuro = (thousandths: unknown): number => Number(thousandths ?? 0) / 1000;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The batch's trays, tray number order, with mould, colour and variant. */
export async function trayRows(db: Db, companyId: number, batchId: number): Promise<TrayRow[]> {
  const rows = await db
    .selectFrom('trays as t')
    .leftJoin('items as i', 'i.id', 't.item_id')
    .leftJoin('moulds as m', 'm.id', 't.mold_id')
    .leftJoin('colours as co', 'co.id', 't.colour_id')
    .leftJoin('users as cu', 'cu.id', 't.creator_user_id')
    .leftJoin('users as eu', 'eu.id', 't.last_edit_user_id')
    .select([
      't.id',
      't.tray_nr',
      't.item_id',
      'i.readable_id',
      't.mold_id',
      'm.name as mold_name',
      'm.image_url as mold_image',
      't.colour_id',
      'co.name as colour_name',
      'co.hex as colour_hex',
      't.condition',
      't.quantity',
      't.price',
      't.status',
      't.accepted',
      't.comments',
      't.is_public',
      'i.completeness',
      'i.price as item_price',
      't.creator_user_id',
      't.date_of_creation',
      't.last_edit_user_id',
      't.date_of_last_edit',
      't.version',
      'cu.name as creator_name',
      'eu.name as last_editor_name',
    ])
    .where('t.batch_id', '=', batchId)
    .where('t.company_id', '=', companyId)
    .orderBy('t.tray_nr')
    .execute();
  return rows.map((r) => ({
    tray_id: r.id,
    tray_nr: r.tray_nr,
    item_id: r.item_id,
    readable_id: r.readable_id ?? null,
    mold_id: r.mold_id,
    mold_name: r.mold_name ?? null,
    mold_image: r.mold_image ?? null,
    colour_id: r.colour_id,
    colour_name: r.colour_name ?? null,
    colour_hex: r.colour_hex ?? null,
    condition: r.condition,
    quantity: Number(r.quantity),
    price: toEuro(r.price),
    status: r.status,
    accepted: Number(r.accepted),
    comments: r.comments,
    is_public: Number(r.is_public),
    completeness: r.completeness ?? null,
    item_price: r.item_price === null ? null : toEuro(r.item_price),
    total_price: toEuro(Number(r.price) * Number(r.quantity)),
    creator_user_id: r.creator_user_id,
    date_of_creation: String(r.date_of_creation),
    last_edit_user_id: r.last_edit_user_id,
    date_of_last_edit: str(r.date_of_last_edit),
    version: Number(r.version),
    creator_name: r.creator_name ?? null,
    last_editor_name: r.last_editor_name ?? null,
  }));
}

/** The batch's heading, claim (as `userId` sees it) and trays; 404 for another company's. */
export async function trayList(
  db: Db,
  companyId: number,
  userId: number,
  projectId: number,
  batchId: number,
): Promise<TrayList> {
  const batch = await mustFindBatch(db, companyId, projectId, batchId);
  const project = await mustFindProject(db, companyId, projectId);
  return {
    project_name: project.name,
    batch_name: batch.name,
    ...(await claimState(db, companyId, userId, batchId)),
    results: await trayRows(db, companyId, batchId),
  };
}

/** The claim on the batch as `userId` sees it: held only while its lease is live. */
export async function claimState(
  db: Db,
  companyId: number,
  userId: number,
  batchId: number,
): Promise<ClaimState> {
  const b = await db
    .selectFrom('batches as b')
    .leftJoin('users as u', 'u.id', 'b.write_permission_user_id')
    .select([
      'b.write_permission_user_id',
      'b.write_permission_since',
      'b.write_permission_until',
      'u.name as holder',
    ])
    .where('b.id', '=', batchId)
    .where('b.company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const holder = liveHolder(b);
  return {
    claimed: holder !== null,
    claimed_by_me: holder === userId,
    claim_holder: holder === null ? null : (b.holder ?? null),
    claim_since: holder === null ? null : str(b.write_permission_since),
    claim_until: holder === null ? null : str(b.write_permission_until),
    claim_lease_seconds: claimLeaseSeconds(),
  };
}

type VariantRow = {
  id: number;
  readable_id: string | null;
  mold_id: number;
  colour_id: number;
  condition: Variant['condition'];
  completeness: Variant['completeness'];
  note_private: string;
  note_public: string;
  price: number;
  is_public: number;
};

export const toVariant = (r: VariantRow): Variant => ({
  item_id: r.id,
  readable_id: r.readable_id,
  mold_id: r.mold_id,
  colour_id: r.colour_id,
  condition: r.condition,
  completeness: r.completeness,
  note_private: r.note_private,
  note_public: r.note_public,
  price: toEuro(r.price),
  is_public: Number(r.is_public),
});

const VARIANT_COLUMNS = [
  'id',
  'readable_id',
  'mold_id',
  'colour_id',
  'condition',
  'completeness',
  'note_private',
  'note_public',
  'price',
  'is_public',
] as const;

/** The company's variants of a mould in a colour and condition, oldest first. */
export async function variantsOf(
  db: Db,
  companyId: number,
  q: { mold_id: number; colour_id: number; condition: Variant['condition'] },
): Promise<Variant[]> {
  const rows = await db
    .selectFrom('items')
    .select(VARIANT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('mold_id', '=', q.mold_id)
    .where('colour_id', '=', q.colour_id)
    .where('condition', '=', q.condition)
    .orderBy('id')
    .execute();
  return rows.map(toVariant);
}

/** The company's variants of the given moulds (for resolving many edited trays at once). */
export async function variantsOfMoulds(
  db: Db,
  companyId: number,
  mouldIds: number[],
): Promise<VariantRow[]> {
  if (mouldIds.length === 0) return [];
  return db
    .selectFrom('items')
    .select(VARIANT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('mold_id', 'in', mouldIds)
    .orderBy('id')
    .execute();
}

/** Which of `ids` exist in `table` (moulds and colours are shared reference data). */
export async function existingIds(
  db: Db,
  table: 'moulds' | 'colours',
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
