import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

test('an admin of Other Bricks cannot see or change Demo Bricks users', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin@other.test');
  await expect(page).toHaveURL(/\/admin$/);
  const main = page.getByRole('main');
  await expect(main.getByText('admin@other.test').first()).toBeVisible();
  await expect(main.getByText(/@demo\.test/)).toHaveCount(0);

  const other = await apiLogin(request, 'admin@other.test');
  const demoAdmin = await apiLogin(request, 'admin@demo.test');
  const picker = await apiLogin(request, 'picker@demo.test');
  const pickerId = picker.user.id;

  const list = await (
    await request.get('/api/user', { headers: bearer(other.access_token) })
  ).json();
  const emails = (list.user_permissions as { user_email: string }[]).map((u) => u.user_email);
  expect(emails).toContain('admin@other.test');
  expect(emails.filter((e) => e.endsWith('@demo.test'))).toEqual([]);

  const grant = await request.post('/api/user/permission', {
    headers: bearer(other.access_token),
    data: { user_id: pickerId, permission_id: 1 },
  });
  expect([403, 404]).toContain(grant.status());
  const revoke = await request.delete(`/api/user/permission?user_id=${pickerId}&permission_id=3`, {
    headers: bearer(other.access_token),
  });
  expect([403, 404]).toContain(revoke.status());
  const remove = await request.delete(`/api/user?user_id=${pickerId}`, {
    headers: bearer(other.access_token),
  });
  expect([403, 404]).toContain(remove.status());

  // Nothing changed for the Demo Bricks picker.
  const demoList = await (
    await request.get('/api/user', { headers: bearer(demoAdmin.access_token) })
  ).json();
  const row = (demoList.user_permissions as { user_id: number; permissions: number[] }[]).find(
    (u) => u.user_id === pickerId,
  );
  expect(row?.permissions).toEqual([3]);
});
