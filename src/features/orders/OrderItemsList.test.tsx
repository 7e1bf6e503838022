// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderItem } from '../../../contract/orders';
import { fixedMediaQuery } from '../../test/mediaQuery';
import { redBrick2x4 } from '../../test/orderItem';
import { renderScreen } from '../../test/realServer';
import { OrderItemsList } from './OrderItemsList';

const item = (over: Partial<OrderItem>): OrderItem => ({
  order_item_id: 1,
  order_id: 4,
  item_id: 10,
  ...redBrick2x4,
  quantity_ordered: 6,
  quantity_picked: 2,
  private_note: 'Top shelf, behind the blue box',
  public_note: '',
  ...over,
});
const items = [
  item({}),
  item({ order_item_id: 2, item_id: 11, mold_name: 'Plate 1 x 2', colour_name: 'Tan' }),
];

/** The screen is as wide as `query` says: true for the desktop, false for a phone. */
function screenIsWide(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQuery(query, wide && query.includes('min-width')),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('OrderItemsList', () => {
  it('on a phone gives each item a card with its facts, Picked|Ordered, Catalog and Notes', () => {
    screenIsWide(false);
    renderScreen(<OrderItemsList items={items} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByTestId('order-item');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByText('Brick 2 x 4')).toBeTruthy();
    expect(first.getByText('Red')).toBeTruthy();
    expect(first.getByText('New')).toBeTruthy();
    expect(first.getByText('Picked|Ordered')).toBeTruthy();
    expect(first.getByText('2|6')).toBeTruthy();

    fireEvent.click(first.getByRole('button', { name: 'Notes' }));
    const notes = screen.getByRole('dialog', { name: 'Notes' });
    expect(within(notes).getByText('Top shelf, behind the blue box')).toBeTruthy();
    expect(within(notes).getByText('No public note.')).toBeTruthy();

    fireEvent.click(within(cards[1]).getByRole('button', { name: 'Catalog' }));
    const info = screen.getByRole('dialog', { name: 'Item info' });
    expect(within(info).getByText('Plate 1 x 2')).toBeTruthy();
  });

  it('on a wide screen keeps the table, one row per item', () => {
    screenIsWide(true);
    renderScreen(<OrderItemsList items={items} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByTestId('order-item')).toHaveLength(2);
    expect(within(table).getByRole('columnheader', { name: 'Picked|Ordered' })).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Catalog' })).toHaveLength(2);
  });
});
