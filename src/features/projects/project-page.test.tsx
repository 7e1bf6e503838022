// @vitest-environment jsdom
import { choose, field, renderAt, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BatchMessages as B } from '../../../contract/batches';
import { ProjectMessages as M } from '../../../contract/projects';
import ProjectPage from './ProjectPage';

/** The Project screen against the real server (SQLite): fetch is answered by app.inject. */
const t = startRealServer();

const page = (projectId = 1) =>
  renderAt(`/projects/${projectId}`, { '/projects/:projectid': <ProjectPage /> });
const batchRow = (name: string) =>
  t.app.db
    .selectFrom('batches')
    .selectAll()
    .where('project_id', '=', 1)
    .where('name', '=', name)
    .executeTakeFirst();

describe('ProjectPage', () => {
  it("a digibrick_user sees 'in progress' batches read-only and creates one with the form's messages", async () => {
    await signIn('digi.user@demo.test');
    page();
    await screen.findByRole('heading', { name: 'Attic collection 2024' });
    const rows = await screen.findAllByRole('row', { name: /^batch / });
    expect(rows.length).toBeGreaterThan(0);
    expect(screen.queryByText('Attic 1 - bricks')).toBeNull(); // ready for filling: filtered out
    expect(screen.queryByRole('combobox', { name: /^status of / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Declaim' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Backups' }).getAttribute('href')).toBe('/backup/1');

    fireEvent.click(screen.getByRole('button', { name: 'New batch' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(document.querySelector('.mantine-Modal-overlay')!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(M.batchNameEmpty)).toBeTruthy();
    field(dialog, 'Name', 'Kitchen drawer');
    field(dialog, 'Comments', 'Loose parts');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const row = await screen.findByRole('row', { name: 'batch Kitchen drawer' });
    expect(within(row).getByText('€0.00')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Kitchen drawer' }).getAttribute('href')).toBe(
      `/projects/1/${(await batchRow('Kitchen drawer'))!.id}`,
    );
  });

  it('duplicates with the copy-name messages, merges after asking, and backs up', async () => {
    await signIn('digi.user@demo.test');
    page();
    await screen.findByRole('row', { name: 'batch Kitchen drawer' });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate batches' }));
    let dialog = await screen.findByRole('dialog');
    await choose(
      within(dialog).getByRole('combobox', { name: 'Batches to copy' }),
      'Kitchen drawer',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await within(dialog).findByText(B.copyNameEmpty('Kitchen drawer'))).toBeTruthy();
    field(dialog, 'Name of the copy of Kitchen drawer', 'Kitchen drawer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await within(dialog).findByText(B.copyNameTaken('Kitchen drawer'))).toBeTruthy();
    field(dialog, 'Name of the copy of Kitchen drawer', 'Kitchen drawer 2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await screen.findByRole('row', { name: 'batch Kitchen drawer 2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Merge batches' }));
    dialog = await screen.findByRole('dialog');
    await choose(within(dialog).getByRole('combobox', { name: 'Merge into' }), 'Kitchen drawer');
    await choose(
      within(dialog).getByRole('combobox', { name: 'Batches to merge' }),
      'Kitchen drawer 2',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Are you sure you want to do that?')).toBeTruthy();
    expect(await batchRow('Kitchen drawer 2')).toBeTruthy(); // nothing sent before the answer
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: 'batch Kitchen drawer 2' })).toBeNull(),
    );
    expect(await batchRow('Kitchen drawer 2')).toBeUndefined();

    const row = screen.getByRole('row', { name: 'batch Kitchen drawer' });
    fireEvent.click(within(row).getByRole('button', { name: 'Back up' }));
    dialog = await screen.findByRole('dialog');
    field(dialog, 'Comments', 'Before sorting');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back up' }));
    await screen.findByText('Backup of batch Kitchen drawer saved');
    const id = (await batchRow('Kitchen drawer'))!.id;
    const backups = await t.app.db
      .selectFrom('backups')
      .selectAll()
      .where('batch_id', '=', id)
      .execute();
    expect(backups.map((b) => b.comments)).toEqual(['Before sorting']);
  });

  it('a digibrick_manager sets a status and declaims a claimed batch', async () => {
    await signIn('digi.manager@demo.test');
    page();
    const claimed = await screen.findByRole('button', { name: 'Declaim' });
    const row = claimed.closest('tr')!;
    const name = row.getAttribute('aria-label')!.replace('batch ', '');
    fireEvent.click(claimed);
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Declaim' })).toBeNull());
    expect((await batchRow(name))!.write_permission_user_id).toBeNull();

    const status = screen.getByRole('combobox', { name: 'status of Kitchen drawer' });
    await choose(status, 'being reviewed');
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: 'batch Kitchen drawer' })).toBeNull(),
    );
    expect((await batchRow('Kitchen drawer'))!.status).toBe('being reviewed');
  });
});
