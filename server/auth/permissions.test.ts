import { afterAll, beforeAll, expect, it } from 'vitest';
import { Permission } from '../../contract/permissions';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { currentPermissions, effectivePermissions } from './permissions';

describeEachDialect('what a signed-in caller may do now', (dialect) => {
  let t: TestApp;
  let user: { id: number; company_id: number; token_generation: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await t.app.db
      .selectFrom('users')
      .select(['id', 'company_id', 'token_generation'])
      .where('email', '=', 'orders@demo.test')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t.close());

  const now = (generation = user.token_generation, companyId = user.company_id) =>
    currentPermissions(t.app.db, user.id, companyId, generation);

  it('answers the permissions the user and the company both hold, ascending', async () => {
    const held = await now();
    expect(held).toContain(Permission.order_manager);
    expect(held).toEqual(await effectivePermissions(t.app.db, user.id, user.company_id));
    expect(held).toEqual([...held!].sort((a, b) => a - b));
  });

  it('leaves out a permission the company no longer holds', async () => {
    await t.app.db
      .deleteFrom('company_permissions')
      .where('company_id', '=', user.company_id)
      .where('permission_id', '=', Permission.order_manager)
      .execute();
    const held = await now();
    expect(held).not.toBeNull();
    expect(held).not.toContain(Permission.order_manager);
  });

  it('answers an empty list for a user without permissions', async () => {
    await t.app.db.deleteFrom('user_permissions').where('user_id', '=', user.id).execute();
    expect(await now()).toEqual([]);
  });

  it('answers null for a token of another generation or another company', async () => {
    expect(await now(user.token_generation + 1)).toBeNull();
    expect(await now(user.token_generation, user.company_id + 1000)).toBeNull();
  });
});
