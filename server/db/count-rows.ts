import type { SelectQueryBuilder } from 'kysely';

/** How many rows a query's tables and conditions hold (as the count beside a page of them). */
export async function countRows<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await q
    .select((eb) => eb.fn.countAll().as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
