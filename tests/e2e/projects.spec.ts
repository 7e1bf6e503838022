import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

const CLAIM_REFUSED = 'ERROR: someone else is probably already working on this batch';

test('a digibrick manager creates a project and a batch, duplicates it, backs it up, changes it and resets it; a second user is refused the claim', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const project = `E2E project ${stamp}`;
  const batch = `E2E batch ${stamp}`;
  await loginAs(page, 'digi.manager@demo.test');

  // The project, from the overview's form.
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New project' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(project);
  await dialog.getByPlaceholder('Select a condition').click();
  await page.getByRole('option', { name: 'Good' }).click();
  await dialog.getByLabel('Description').fill('A crate from a garage sale');
  await dialog.getByLabel('Purpose').fill('Part out');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const card = page.getByLabel(`project ${project}`);
  await card.getByRole('link', { name: 'Go to project' }).click();
  await expect(page.getByRole('heading', { name: project })).toBeVisible();
  const projectId = Number(new URL(page.url()).pathname.split('/')[2]);

  // A batch, from the Project screen.
  await page.getByRole('button', { name: 'New batch' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(batch);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('row', { name: `batch ${batch}`, exact: true })).toBeVisible();

  // Two trays, through the trays editor's calls (claim, add, release).
  const { access_token } = await apiLogin(request, 'digi.manager@demo.test');
  const headers = bearer(access_token);
  const list = async () =>
    (await (await request.get(`/api/v1/batches?project_id=${projectId}`, { headers })).json())
      .results as { batch_id: number; name: string; trays: number }[];
  const batchId = (await list()).find((b) => b.name === batch)!.batch_id;
  const q = `project_id=${projectId}&batch_id=${batchId}`;
  const demo = (
    await (await request.get('/api/v1/trays?project_id=1&batch_id=1', { headers })).json()
  ).results[0];
  const addTray = async () => {
    expect(
      (await request.post(`/api/v1/trays/claim?${q}`, { headers, data: { claim: true } })).status(),
    ).toBe(200);
    const added = await request.put(`/api/v1/trays?${q}`, {
      headers,
      data: { mold_id: demo.mold_id, colour_id: demo.colour_id, condition: demo.condition },
    });
    expect(added.status()).toBe(200);
    await request.post(`/api/v1/trays/claim?${q}`, { headers, data: { claim: false } });
  };
  await addTray();
  await addTray();
  await page.reload();
  const row = page.getByRole('row', { name: `batch ${batch}`, exact: true });
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');

  // Duplicate it.
  await page.getByRole('button', { name: 'Duplicate batches' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Batches to copy' }).click({ force: true });
  await page.getByRole('option', { name: batch, exact: true }).click();
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dialog.getByText(`Give a new name for the copy of batch ${batch}`)).toBeVisible();
  await dialog.getByLabel(`Name of the copy of ${batch}`).fill(batch);
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(dialog.getByText(`Batch ${batch} already exists`)).toBeVisible();
  await dialog.getByLabel(`Name of the copy of ${batch}`).fill(`${batch} copy`);
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  const copy = page.getByRole('row', { name: `batch ${batch} copy`, exact: true });
  await expect(copy.getByRole('cell').nth(2)).toHaveText('2');

  // Back it up.
  await row.getByRole('button', { name: 'Back up' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Comments').fill('Two trays');
  await dialog.getByRole('button', { name: 'Back up' }).click();
  await expect(page.getByText(`Backup of batch ${batch} saved`)).toBeVisible();

  // Change it: a third tray.
  await addTray();
  expect((await list()).find((b) => b.batch_id === batchId)!.trays).toBe(3);

  // Reset it from the backup.
  await page.getByRole('link', { name: 'Backups' }).click();
  await expect(page.getByRole('heading', { name: 'Batch backups' })).toBeVisible();
  const backupCard = page.locator('[aria-label^="backup "]', { hasText: batch });
  await backupCard.getByRole('button', { name: 'Show' }).click();
  await expect(backupCard.getByText('Two trays')).toBeVisible();
  await backupCard.getByRole('button', { name: 'RESET' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to do that?')).toBeVisible();
  await dialog.getByRole('button', { name: 'RESET' }).click();
  await expect(page.getByText(new RegExp(`Batch ${batch} was reset to backup`))).toBeVisible();
  expect((await list()).find((b) => b.batch_id === batchId)!.trays).toBe(2);

  // A second user is refused the claim the manager holds.
  await request.post(`/api/v1/trays/claim?${q}`, { headers, data: { claim: true } });
  const other = await apiLogin(request, 'digi.user@demo.test');
  const refused = await request.post(`/api/v1/trays/claim?${q}`, {
    headers: bearer(other.access_token),
    data: { claim: true },
  });
  expect(refused.status()).toBe(409);
  expect(JSON.stringify(await refused.json())).toContain(CLAIM_REFUSED);
  await request.post(`/api/v1/trays/claim?${q}`, { headers, data: { claim: false } });
});
