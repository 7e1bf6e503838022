import type { Kysely, Nullable, SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';

/** An item with its mould and colour, as a query names them: `i`, `m` and `c`. */
interface ItemLooks {
  i: Database['items'];
  m: Database['moulds'];
  c: Database['colours'];
}
type OptionalLooks = { [K in keyof ItemLooks]: Nullable<ItemLooks[K]> };

/** A reference to a row's item id, such as 'si.item_id'. */
type ItemIdRef = `${string}.item_id`;

/** A query as the joins below see it; the exported signatures give the joined types. */
interface Joinable {
  innerJoin(table: string, column: string, ref: string): Joinable;
  leftJoin(table: string, column: string, ref: string): Joinable;
}

/** The three joins, inner or left, on a query that becomes `Joined`. */
function joinLooks<Joined>(qb: unknown, join: keyof Joinable, itemId: ItemIdRef): Joined {
  const withItem = (qb as Joinable)[join]('items as i', 'i.id', itemId);
  const withMould = withItem[join]('moulds as m', 'm.id', 'i.mold_id');
  return withMould[join]('colours as c', 'c.id', 'i.colour_id') as unknown as Joined;
}

/**
 * Joins the item `itemId` names (every row has one), with its mould and colour, as i, m and c:
 * `.$call(joinItemLooks('si.item_id'))`.
 */
export const joinItemLooks =
  (itemId: ItemIdRef) =>
  <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) =>
    joinLooks<SelectQueryBuilder<DB & ItemLooks, TB | keyof ItemLooks, O>>(qb, 'innerJoin', itemId);

/** As joinItemLooks, for rows that may name no item: then i, m and c are null. */
export const leftJoinItemLooks =
  (itemId: ItemIdRef) =>
  <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>) =>
    joinLooks<SelectQueryBuilder<DB & OptionalLooks, TB | keyof ItemLooks, O>>(
      qb,
      'leftJoin',
      itemId,
    );

/** The items as i, each with its mould and colour as m and c. */
export const itemsWithLooks = (db: Kysely<Database>) =>
  db
    .selectFrom('items as i')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id');
