import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  ALL_PERMISSION_IDS,
  Permission,
  PERMISSION_DESCRIPTIONS,
  type RoleName,
} from '../contract/permissions';
import { hashPassword } from './auth/passwords';
import { seedDemoDomain } from './seed-demo-domain';
import { nowIso } from './db/dialect';
import type { Database } from './db/schema';

export const DEMO_PASSWORD = 'demo-password';

/** The demo accounts listed in the README: one per role in Demo Bricks, one admin in Other Bricks. */
export const DEMO_USERS: { email: string; name: string; company: string; roles: RoleName[] }[] = [
  {
    email: 'platform@demo.test',
    name: 'Platform Admin',
    company: 'Demo Bricks',
    roles: ['brick_admin'],
  },
  { email: 'admin@demo.test', name: 'Ada Admin', company: 'Demo Bricks', roles: ['admin'] },
  {
    email: 'warehouse@demo.test',
    name: 'Wim Warehouse',
    company: 'Demo Bricks',
    roles: ['warehouse_manager'],
  },
  { email: 'picker@demo.test', name: 'Pia Picker', company: 'Demo Bricks', roles: ['picker'] },
  { email: 'sales@demo.test', name: 'Sam Sales', company: 'Demo Bricks', roles: ['sales_manager'] },
  {
    email: 'orders@demo.test',
    name: 'Otto Orders',
    company: 'Demo Bricks',
    roles: ['order_manager'],
  },
  { email: 'syncer@demo.test', name: 'Sid Syncer', company: 'Demo Bricks', roles: ['bricksyncer'] },
  {
    email: 'digi.manager@demo.test',
    name: 'Dana Digi',
    company: 'Demo Bricks',
    roles: ['digibrick_manager'],
  },
  {
    email: 'digi.user@demo.test',
    name: 'Dirk Digi',
    company: 'Demo Bricks',
    roles: ['digibrick_user'],
  },
  { email: 'admin@other.test', name: 'Olga Other', company: 'Other Bricks', roles: ['admin'] },
];

const COMPANY_PERMISSIONS: Record<string, number[]> = {
  'Demo Bricks': ALL_PERMISSION_IDS,
  'Other Bricks': ALL_PERMISSION_IDS.filter((p) => p !== Permission.brick_admin),
};

/** Permission definitions exist in every database; the demo companies only in an empty one. */
export async function seedDemo(db: Kysely<Database>, log: Pick<Logger, 'info'>): Promise<boolean> {
  await ensurePermissionDefinitions(db);
  const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const companyIds = new Map<string, number>();
    for (const [name, perms] of Object.entries(COMPANY_PERMISSIONS)) {
      const { id } = await trx
        .insertInto('companies')
        .values({ name, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyIds.set(name, id);
      await trx
        .insertInto('company_permissions')
        .values(perms.map((permission_id) => ({ company_id: id, permission_id })))
        .execute();
    }
    for (const u of DEMO_USERS) {
      const { id } = await trx
        .insertInto('users')
        .values({
          company_id: companyIds.get(u.company)!,
          email: u.email,
          name: u.name,
          password_hash: passwordHash,
          password_expires_at: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_permissions')
        .values(u.roles.map((r) => ({ user_id: id, permission_id: Permission[r] })))
        .execute();
    }
    await seedDemoDomain(trx, companyIds);
  });
  log.info(
    { users: DEMO_USERS.length },
    'demo companies loaded: sign in as admin@demo.test (README lists the demo users and their password)',
  );
  return true;
}

export async function ensurePermissionDefinitions(db: Kysely<Database>): Promise<void> {
  const have = new Set(
    (await db.selectFrom('permissions').select('id').execute()).map((r) => r.id),
  );
  const missing = ALL_PERMISSION_IDS.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  await db
    .insertInto('permissions')
    .values(missing.map((id) => ({ id, description: PERMISSION_DESCRIPTIONS[id] })))
    .execute();
}
