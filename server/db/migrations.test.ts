import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { migrateTo, migrateToLatest, UnorderedMigrationsError } from './migrate';
import { CATALOG_TABLES } from './migrations/002_domain_catalog';
import { WAREHOUSE_TABLES } from './migrations/003_domain_warehouse';
import { ORDER_TABLES } from './migrations/004_domain_orders';
import type { Database } from './schema';
import type { DialectName } from '.';

const DOMAIN_TABLES = [...CATALOG_TABLES, ...WAREHOUSE_TABLES, ...ORDER_TABLES];

async function tableNames(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
          db,
        )
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
          db,
        );
  return rows.rows.map((r) => r.name);
}

const now = new Date().toISOString();

describeEachDialect('domain migrations', (dialect) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let companyId: number;
  let itemId: number;
  let locationId: number;
  let orderId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: false }, { emptyDatabase: true });
    db = t.app.db;
  });
  afterAll(() => t.close());

  it('creates every domain table on an empty database', async () => {
    const names = await tableNames(db, dialect);
    for (const table of DOMAIN_TABLES) expect(names).toContain(table);
    const conditions = await db
      .selectFrom('conditions')
      .selectAll()
      .orderBy('sort_order')
      .execute();
    expect(conditions.map((c) => c.condition_name)).toEqual([
      'NEW',
      'LIKE_NEW',
      'GOOD',
      'ACCEPTABLE',
    ]);
    const picking = await db.selectFrom('picking_statuses').selectAll().orderBy('id').execute();
    expect(picking.find((p) => p.id === 2)?.name).toBe('UNASSIGNED');
  });

  it('migrates down and up again', async () => {
    await migrateTo(db as Kysely<unknown>, '001_core');
    const down = await tableNames(db, dialect);
    for (const table of DOMAIN_TABLES) expect(down).not.toContain(table);
    expect(down).toContain('users');
    await migrateToLatest(db as Kysely<unknown>);
    const up = await tableNames(db, dialect);
    for (const table of DOMAIN_TABLES) expect(up).toContain(table);
  });

  it('accepts a small consistent data set', async () => {
    companyId = (
      await db
        .insertInto('companies')
        .values({ name: 'Test Bricks', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const colourId = (
      await db
        .insertInto('colours')
        .values({
          uuid: 'c-white',
          name: 'White',
          rebrickable_id: 15,
          bl_colour_id: 1,
          hex: 'FFFFFF',
          brickowl_colour_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const mouldId = (
      await db
        .insertInto('moulds')
        .values({ name: 'Brick 2 x 4', bl_mold_id: '3001' } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    itemId = (
      await db
        .insertInto('items')
        .values({
          company_id: companyId,
          mold_id: mouldId,
          colour_id: colourId,
          condition: 'NEW',
          completeness: null,
          readable_id: null,
          creator_user_id: null,
          date_of_creation: now,
          last_edit_user_id: null,
          date_of_last_edit: null,
          price: 12_345,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    locationId = (
      await db
        .insertInto('locations')
        .values({
          company_id: companyId,
          parent_id: null,
          name: 'Warehouse',
          code: 'W',
          created_at: now,
          updated_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('location_content')
      .values({
        company_id: companyId,
        location_id: locationId,
        item_id: itemId,
        colour_id: colourId,
        quantity: 5,
        updated_at: null,
      })
      .execute();
    orderId = (
      await db
        .insertInto('orders')
        .values({
          company_id: companyId,
          store_id: null,
          order_number: 'BL-1',
          store_platform: 'BRICKLINK',
          buyer_name: null,
          created_at: now,
          status_id: 5,
          picker_issue: null,
          claimed_by_user_id: null,
          claimed_at: null,
          updated_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('order_items')
      .values({
        company_id: companyId,
        order_id: orderId,
        item_id: itemId,
        quantity_ordered: 2,
        private_note: null,
        public_note: null,
        unit_price: 100,
        updated_at: null,
      })
      .execute();
    const item = await db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ price: 12_345, is_public: 1, note_public: '', version: 0 });
    const project = await db
      .insertInto('projects')
      .values({
        company_id: companyId,
        name: 'P',
        condition: 'NEW',
        sorting_hours: 1.25,
        creator_user_id: null,
        date_of_creation: now,
        last_edit_user_id: null,
        date_of_last_edit: null,
      })
      .returning(['sorting_hours', 'other_hours'])
      .executeTakeFirstOrThrow();
    expect(project).toEqual({ sorting_hours: 1.25, other_hours: 0 });
  });

  it('gives the orders that exist their totals when the totals move onto the order row', async () => {
    await migrateTo(db as Kysely<unknown>, '032_sync_versions_in_flight');
    await migrateToLatest(db as Kysely<unknown>);
    const order = await db
      .selectFrom('orders')
      .select(['item_count', 'ordered_total', 'picked_total'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ item_count: 1, ordered_total: 2, picked_total: 0 });
  });

  it('refuses negative stock, a negative picked quantity and unknown enumerations', async () => {
    await expect(
      db
        .updateTable('location_content')
        .set({ quantity: -1 })
        .where('location_id', '=', locationId)
        .execute(),
    ).rejects.toThrow();
    // The guarded decrement the services use: stock stays 5 when 6 are taken.
    const res = await db
      .updateTable('location_content')
      .set((eb) => ({ quantity: eb('quantity', '-', 6) }))
      .where('location_id', '=', locationId)
      .where('quantity', '>=', 6)
      .executeTakeFirst();
    expect(Number(res.numUpdatedRows)).toBe(0);
    const refused = [
      db.updateTable('order_items').set({ quantity_picked: -1 }).where('order_id', '=', orderId),
      db
        .updateTable('items')
        .set({ condition: 'USED' as never })
        .where('id', '=', itemId),
      db
        .updateTable('orders')
        .set({ has_problem: 2 as never })
        .where('id', '=', orderId),
      db
        .updateTable('orders')
        .set({ store_platform: 'EBAY' as never })
        .where('id', '=', orderId),
      db.updateTable('items').set({ price: -1 }).where('id', '=', itemId),
    ];
    for (const update of refused)
      await expect(update.execute(), update.compile().sql).rejects.toThrow();
  });

  it('keeps location codes unique per company and one root per company', async () => {
    const refused = [
      { parent_id: locationId, name: 'Hall', code: 'W' }, // the root's code again
      { parent_id: null, name: 'Second root', code: 'R2' },
    ];
    for (const location of refused)
      await expect(
        db
          .insertInto('locations')
          .values({ company_id: companyId, ...location, created_at: now, updated_at: null })
          .execute(),
      ).rejects.toThrow();
    await expect(
      db
        .insertInto('location_content')
        .values({
          company_id: companyId,
          location_id: locationId,
          item_id: itemId,
          colour_id: 1,
          quantity: 1,
          updated_at: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses rows pointing at a company that does not exist', async () => {
    await expect(
      db
        .insertInto('settings')
        .values({ company_id: 999_999, key: 'k', value: 'v', updated_at: null })
        .execute(),
    ).rejects.toThrow();
  });
});

describeEachDialect('migration order', (dialect) => {
  let t: TestApp;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: false }, { emptyDatabase: true });
    db = t.app.db;
  });
  afterAll(() => t.close());

  const ran = async () =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    ).rows.map((r) => r.name);

  it('refuses to run a migration that sorts before one the database already ran', async () => {
    // A database that ran 012 but not 011: as if 011 were added after 012 was released.
    await sql`delete from kysely_migration where name = ${'011_auth_security'}`.execute(db);
    const before = await ran();
    expect(before).toContain('012_sync_housekeeping');
    expect(before).not.toContain('011_auth_security');

    const refusal = migrateToLatest(db as Kysely<unknown>);
    await expect(refusal).rejects.toBeInstanceOf(UnorderedMigrationsError);
    await expect(refusal).rejects.toThrow(
      /already ran \d{3}_\w+, but 011_auth_security sorts before it/,
    );
    // Nothing ran: 011 was not applied on top of the newer schema.
    expect(await ran()).toEqual(before);

    // A server on that database refuses to start, with the same reason.
    await expect(buildApp({ ...t.config, seedDemo: false })).rejects.toBeInstanceOf(
      UnorderedMigrationsError,
    );
    expect(await ran()).toEqual(before);
  });
});
