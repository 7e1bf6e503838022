import type { Nullable, SelectQueryBuilder } from 'kysely';
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signatures below type the joins
type Untyped = SelectQueryBuilder<any, any, any>;

/**
 * Joins the item `itemId` names (every row has one), with its mould and colour, as i, m and c:
 * `.$call(joinItemLooks('si.item_id'))`.
 */
export const joinItemLooks =
  (itemId: ItemIdRef) =>
  <DB, TB extends keyof DB, O>(
    qb: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB & ItemLooks, TB | keyof ItemLooks, O> =>
    (qb as unknown as Untyped)
      .innerJoin('items as i', 'i.id', itemId)
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id');

/** As joinItemLooks, for rows that may name no item: then i, m and c are null. */
export const leftJoinItemLooks =
  (itemId: ItemIdRef) =>
  <DB, TB extends keyof DB, O>(
    qb: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB & OptionalLooks, TB | keyof ItemLooks, O> =>
    (qb as unknown as Untyped)
      .leftJoin('items as i', 'i.id', itemId)
      .leftJoin('moulds as m', 'm.id', 'i.mold_id')
      .leftJoin('colours as c', 'c.id', 'i.colour_id');
