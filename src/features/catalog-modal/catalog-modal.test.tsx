// @vitest-environment jsdom
import { renderScreen as show, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addCatalogTrays, CatalogModal, type CatalogAddition } from '.';
import CatalogPage from './CatalogPage';

/** The screens against the real server (SQLite, demo catalog): fetch is answered by app.inject. */
const t = startRealServer();

async function pickType(name: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Type' }));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

const items = () => screen.findByRole('table', { name: 'Items' });

describe('the /catalog page', () => {
  it('browses the category tree of type 2, searches, shows a picture on hover, explores an item', async () => {
    await signIn('digi.user@demo.test');
    show(<CatalogPage />);
    expect(await screen.findByText('Select a type and theme or category')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
    await pickType('brick');
    const tree = await screen.findByRole('tree', { name: 'Categories' });
    // Sub-categories show once their parent is expanded.
    expect(within(tree).queryByText('Bricks Sloped')).toBeNull();
    fireEvent.click(within(tree).getByRole('button', { name: 'Expand Bricks' }));
    fireEvent.click(within(tree).getByText('Bricks Sloped'));
    const sloped = await items();
    const rows = within(sloped).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(within(sloped).queryByText('Brick 2 x 4')).toBeNull();

    // The tree search keeps the matches and the way to them.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search themes or categories' }), {
      target: { value: 'axle' },
    });
    expect(within(tree).getByText('Technic Axles')).toBeTruthy();
    expect(within(tree).queryByText('Plates')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search themes or categories' }), {
      target: { value: '' },
    });
    fireEvent.click(within(tree).getByText('Technic'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search items' }), {
      target: { value: 'Brick 2 x 4' },
    });
    // Brick 2 x 4 is not a Technic part: searched under Technic it is not there.
    expect(await screen.findByText('There are no items')).toBeTruthy();
    fireEvent.click(within(tree).getByText('Bricks'));
    const found = await items();
    await waitFor(() => expect(within(found).getByText('Brick 2 x 4')).toBeTruthy());
    fireEvent.mouseEnter(within(found).getByText('Brick 2 x 4'));
    expect(await screen.findByRole('img', { name: 'Brick 2 x 4' })).toBeTruthy();

    const explore = screen.getByRole('button', { name: 'Explore item' });
    expect(explore).toHaveProperty('disabled', true);
    fireEvent.click(within(found).getByText('3001'));
    fireEvent.click(explore);
    const description = await screen.findByRole('table', { name: 'Description' });
    expect(within(description).getByText('brick')).toBeTruthy();
    expect(within(description).getByText('Bricks')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add all parents' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Inventory parents' }));
    const parents = await screen.findByRole('table', { name: 'Inventory parents' });
    // A parent opens its own info; Back returns to the part.
    fireEvent.click(within(parents).getByRole('button', { name: 'Medium Creative Brick Box' }));
    expect(await screen.findByRole('heading', { name: 'Medium Creative Brick Box' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Brick 2 x 4' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await items()).toBeTruthy();
  });
});

describe('the catalog modal', () => {
  it('hands the added items over; a batch gets them as trays of 1, ready for filling, price 0, NEW', async () => {
    await signIn('digi.manager@demo.test');
    const added: CatalogAddition[][] = [];
    show(<CatalogModal opened onClose={() => {}} onAdd={(list) => added.push(list)} />);
    await pickType('set');
    const tree = await screen.findByRole('tree', { name: 'Themes' });
    fireEvent.click(within(tree).getByText('Classic'));
    const list = await items();
    fireEvent.click(await within(list).findByText('Medium Creative Brick Box'));
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(added[0]).toEqual([
      expect.objectContaining({
        mold_id: 10696,
        colour_id: null,
        name: 'Medium Creative Brick Box',
      }),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Explore item' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Inventory children' }));
    const children = await screen.findByRole('table', { name: 'Inventory children' });
    expect(within(children).getAllByRole('row')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Add all relations' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add all children' }));
    expect(added[1]).toHaveLength(12);
    expect(added[1].every((a) => a.colour_id !== null)).toBe(true);

    const trays = await addCatalogTrays(1, added[1]);
    expect(trays).toHaveLength(12);
    const rows = await t.app.db
      .selectFrom('trays')
      .selectAll()
      .where(
        'id',
        'in',
        trays.map((r) => r.tray_id),
      )
      .execute();
    expect(rows).toHaveLength(12);
    for (const r of rows) {
      expect(r).toMatchObject({ quantity: 1, status: 'ready for filling', condition: 'NEW' });
      expect(Number(r.price)).toBe(0);
    }
    expect(rows.map((r) => r.colour_id)).toEqual(added[1].map((a) => a.colour_id));
  });

  it('opens on a mould and adds its relations', async () => {
    await signIn('digi.user@demo.test');
    const added: CatalogAddition[][] = [];
    show(<CatalogModal opened onClose={() => {}} moldId={3794} onAdd={(l) => added.push(l)} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Other relations' }));
    const relations = await screen.findByRole('table', { name: 'Other relations' });
    expect(within(relations).getByText('Mold')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add all relations' }));
    expect(added).toEqual([[expect.objectContaining({ mold_id: 15573, colour_id: null })]]);
  });
});
