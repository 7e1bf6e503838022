// @vitest-environment jsdom
import { renderAt, signIn, startRealServer } from '../../test/realServer';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogMessages } from '../../../contract/catalog';
import CatalogPage from './CatalogPage';
import EditItemPage from './EditItemPage';
import ItemInfoPage from './ItemInfoPage';
import SetInfoPage from './SetInfoPage';
import SuggestionsPage from './SuggestionsPage';

/** The screens against the real server (SQLite, demo catalog): fetch is answered by app.inject. */
const t = startRealServer();

const show = (path: string) =>
  renderAt(path, {
    '/brickbase/catalog': <CatalogPage />,
    '/brickbase/iteminfo/:id': <ItemInfoPage />,
    '/brickbase/setinfo/:id': <SetInfoPage />,
    '/brickbase/:id/edit': <EditItemPage />,
    '/brickbase/suggestions': <SuggestionsPage />,
  });

async function uuidOf(table: 'parts' | 'minifigs', rebrickableOrId: string | number) {
  const q = t.app.db.selectFrom(table).select('uuid');
  const row = await (
    typeof rebrickableOrId === 'number'
      ? q.where('id', '=', rebrickableOrId)
      : q.where('rebrickable_id', '=', rebrickableOrId)
  ).executeTakeFirstOrThrow();
  return row.uuid;
}

describe('catalog browser', () => {
  it('lists parts 25 a page with at most 5 page links, and searches by name', async () => {
    await signIn('digi.user@demo.test');
    show('/brickbase/catalog?tab=parts');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    const numbered = within(pages)
      .getAllByRole('button')
      .filter((b) => /^\d+$/.test(b.textContent ?? ''));
    expect(numbered.map((b) => b.textContent)).toEqual(['1', '2', '3']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'technic beam' } });
    fireEvent.keyDown(screen.getByLabelText('Search'), { key: 'Enter' });
    await waitFor(() =>
      expect(
        screen.getAllByRole('link').every((a) => /Technic Beam/.test(a.textContent ?? '')),
      ).toBe(true),
    );
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('counts every tab on the overview', async () => {
    await signIn('admin@demo.test');
    show('/brickbase/catalog');
    expect(await screen.findByText('Minifigures', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Boxes' })).toBeTruthy();
  });
});

describe('item info', () => {
  it('groups relations under their header and tells the sets a part appears in', async () => {
    await signIn('digi.user@demo.test');
    show(`/brickbase/iteminfo/${await uuidOf('parts', '15573')}`);
    expect(await screen.findByRole('heading', { name: /Inside Stud Holder/ })).toBeTruthy();
    expect(screen.getByText('? x ? x ? cm')).toBeTruthy();
    const relations = screen.getByRole('tab', { name: 'Relations' });
    expect(
      relations.hasAttribute('disabled') || relations.getAttribute('data-disabled'),
    ).toBeFalsy();
    fireEvent.click(relations);
    expect(await screen.findByRole('button', { name: 'Mold' })).toBeTruthy();
    expect(screen.getByText(/Jumper\)$/, { selector: 'p' })).toBeTruthy();
  });

  it('shows a part in sets with its count, and one without relations has that tab disabled', async () => {
    await signIn('digi.user@demo.test');
    show(`/brickbase/iteminfo/${await uuidOf('parts', 1)}`);
    expect(await screen.findByRole('heading', { name: 'Brick 2 x 4' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Relations' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Sets' }));
    expect(await screen.findByText('Appears in 1 sets:')).toBeTruthy();
  });

  it("tells a minifig without elements 'This part has no elements'", async () => {
    await signIn('digi.user@demo.test');
    show(`/brickbase/iteminfo/${await uuidOf('minifigs', 1)}`);
    expect(await screen.findByText('This part has no elements')).toBeTruthy();
    expect(screen.getAllByRole('link').map((a) => a.textContent)).not.toContain('BrickLink');
  });
});

describe('set inventory', () => {
  it('shows the elements, minifigures, related sets, instructions and boxes of a set', async () => {
    await signIn('digi.manager@demo.test');
    show('/brickbase/setinfo/2');
    expect(await screen.findByRole('heading', { name: 'Police Car' })).toBeTruthy();
    for (const tab of ['Elements', 'Related sets', 'Original Boxes', 'Changelog']) {
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('tab', { name: 'Minifigures' }));
    expect(await screen.findByText('Police Officer')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Instructions' }));
    expect(await screen.findByText('Police Car instructions')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Related sets' }));
    expect(await screen.findByText('Appears in')).toBeTruthy();
    expect(screen.getByText('Contains')).toBeTruthy();
    cleanup();
    show('/brickbase/setinfo/1');
    expect(await screen.findByText(/^12 elements, \d+ pieces$/)).toBeTruthy();
  });
});

describe('edit item', () => {
  it('refuses a suggestion without changes and sends only the field changed', async () => {
    await signIn('digi.user@demo.test');
    show(`/brickbase/${await uuidOf('parts', 1)}/edit`);
    fireEvent.click(await screen.findByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText('Suggestion unsuccessful: no changes detected')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1949' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send suggestion' }));
    await waitFor(async () => {
      const after = await t.app.db
        .selectFrom('suggestions')
        .select(['changes'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(after.changes)).toEqual({ year: 1949 });
    });
  });

  it('refuses a relation that does not fit the types of the two items', async () => {
    await signIn('digi.user@demo.test');
    show(`/brickbase/${await uuidOf('parts', 1)}/edit`);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Relation' }));
    fireEvent.click(await screen.findByRole('option', { name: 'subpart', hidden: true }));
    // The user types into the focused field (a change to an unfocused one is taken as autofill).
    screen.getByRole('combobox', { name: 'Other item' }).focus();
    fireEvent.change(screen.getByRole('combobox', { name: 'Other item' }), {
      target: { value: 'police' },
    });
    fireEvent.click(await screen.findByRole('option', { name: /Police Officer/, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Suggest relation' }));
    expect(
      await screen.findByText(
        'Relation not possible: the items are of type part and minifig, but relation is subpart',
      ),
    ).toBeTruthy();
  });
});

describe('suggestions', () => {
  it('shows open ones first, their changes, and rejects one with its toast', async () => {
    await signIn('admin@demo.test');
    show('/brickbase/suggestions');
    const row = (await screen.findByText('Better name')).closest('tr')!;
    expect(within(row).getByText('Dana Digi')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /open: show details/ }));
    expect(await screen.findByText('name: from Brick 2 x 4 to Brick 2 x 4 (classic)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Suggestion Rejected!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Better name')).toBeNull());
  });

  it('names the items of a relation suggestion, never their uuids; no review of her own', async () => {
    const [from, to] = await Promise.all([uuidOf('parts', 5), uuidOf('parts', 6)]);
    const names = await t.app.db
      .selectFrom('parts')
      .select(['uuid', 'name'])
      .where('uuid', 'in', [from, to])
      .execute();
    const nameOf = (u: string) => names.find((n) => n.uuid === u)!.name;
    const admin = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('suggestions')
      .values({
        uuid: '00000000-0000-4000-8000-00000000abcd',
        description: 'Related parts',
        object_type: 'subpart',
        object_uuid: null,
        changes: JSON.stringify({ from, to, quantity: 1 }),
        created_by_user_id: admin.id,
        created_at: new Date().toISOString(),
        reviewed_by_user_id: null,
        reviewed_at: null,
      })
      .execute();
    await signIn('admin@demo.test');
    show('/brickbase/suggestions');
    const row = (await screen.findByText('Related parts')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /open: show details/ }));
    expect(
      await screen.findByText(`new subpart relation: ${nameOf(from)} to ${nameOf(to)}`),
    ).toBeTruthy();
    expect(screen.queryByText(new RegExp(from))).toBeNull();
    expect(screen.getByText('Your suggestion: another curator reviews it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it("shows another company's admin no Accept or Reject, and says who reviews", async () => {
    await signIn('admin@other.test');
    show('/brickbase/suggestions');
    const row = (await screen.findByText('Related parts')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /open: show details/ }));
    expect(await screen.findByText(/^new subpart relation: /)).toBeTruthy();
    expect(screen.getByText(`${CatalogMessages.notCurator}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("says 'No suggestions found' when no status is chosen", async () => {
    await signIn('admin@demo.test');
    show('/brickbase/suggestions');
    await screen.findByRole('table', { name: 'Suggestions' });
    fireEvent.click(document.querySelector('.mantine-Pill-remove')!);
    expect(await screen.findByText('No suggestions found')).toBeTruthy();
  });
});
