// @vitest-environment jsdom
import { choose, field, renderScreen, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectMessages as M } from '../../../contract/projects';
import ProjectsPage from './ProjectsPage';

/** The overview against the real server (SQLite): fetch is answered by app.inject. */
const t = startRealServer();

async function statusOf(name: string) {
  const row = await t.app.db
    .selectFrom('projects')
    .select('status')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.status;
}

const page = () => renderScreen(<ProjectsPage />);

describe('ProjectsPage', () => {
  it("shows 'in progress' projects; a form lists every message and creates the project", async () => {
    await signIn('digi.user@demo.test');
    page();
    await screen.findByText('Attic collection 2024');
    expect(screen.queryByText('Bulk lot March')).toBeNull();
    // A digibrick_user sees the status, without a dropdown.
    expect(screen.queryByRole('combobox', { name: 'status of Attic collection 2024' })).toBeNull();
    expect(screen.getAllByText('in progress').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog');
    // A click outside does not close the form.
    fireEvent.click(document.querySelector('.mantine-Modal-overlay')!);
    field(dialog, 'Name', 'Estate lot Utrecht');
    field(dialog, 'Main purchase price (€)', 'ten');
    field(dialog, 'Other hours', '1..5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    for (const m of [
      M.nameTaken,
      M.conditionEmpty,
      M.descriptionEmpty,
      M.purposeEmpty,
      M.mainPrice,
      M.otherHours,
    ])
      expect(within(alert).getByText(m)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);

    field(dialog, 'Name', 'Flea market haul');
    fireEvent.click(within(dialog).getByPlaceholderText('Select a condition'));
    fireEvent.click(await screen.findByRole('option', { name: 'Like new', hidden: true }));
    field(dialog, 'Description', 'One crate');
    field(dialog, 'Purpose', 'Part out');
    field(dialog, 'Main purchase price (€)', '42,125');
    field(dialog, 'Other hours', '1.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const card = await screen.findByLabelText('project Flea market haul');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('€42.13')).toBeTruthy();
    expect(within(card).getByText('Like new')).toBeTruthy();
  });

  it('lets a digibrick_manager archive a project from its card; the filter shows archived ones', async () => {
    await signIn('digi.manager@demo.test');
    page();
    const select = await screen.findByRole('combobox', { name: 'status of Estate lot Utrecht' });
    await choose(select, 'is archived');
    await waitFor(() => expect(screen.queryByText('Estate lot Utrecht')).toBeNull());
    expect(await statusOf('Estate lot Utrecht')).toBe('is archived');

    const filter = screen.getByRole('combobox', { name: 'Status' });
    await choose(filter, 'is archived');
    await screen.findByText('Estate lot Utrecht');
    expect(screen.getByText('Bulk lot March')).toBeTruthy();
  });
});
