import type { Kysely } from 'kysely';

/**
 * Picks still on a device (server/modules/orders/on-device.ts): each picker's device reports, per
 * order it holds a claim on, how many picks it has not sent yet. One row per device and order,
 * the last report only; a report of 0 removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_pending')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('pending_picks', 'integer', (c) => c.notNull())
    .addColumn('reported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_pending_pk', ['company_id', 'order_id', 'device_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_pending').execute();
}
