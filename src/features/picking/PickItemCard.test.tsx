// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalOrderItem } from '../orders';
import { redBrick2x4 } from '../../test/orderItem';
import { PickItemCard } from './PickItemCard';
import type { StopItem } from './route';

const item = {
  id: 10,
  order_item_id: 10,
  order_id: 1,
  item_id: 100,
  ...redBrick2x4,
  quantity_ordered: 5,
  quantity_picked: 0,
  private_note: '',
  public_note: '',
  to_pick: 5,
  stock: 3,
} as unknown as StopItem<LocalOrderItem>;

function renderCard(props: Partial<Parameters<typeof PickItemCard>[0]> = {}) {
  const onConfirm = vi.fn(async () => {});
  const onSkip = vi.fn(async () => {});
  render(
    <MantineProvider>
      <PickItemCard
        item={item}
        scanned
        disabled={false}
        count={1}
        pendingPicked={0}
        onConfirm={onConfirm}
        onSkip={onSkip}
        {...props}
      />
    </MantineProvider>,
  );
  return { onConfirm, onSkip };
}

afterEach(cleanup);

describe('PickItemCard on a phone', () => {
  it('after the scan the quantity is prefilled and Confirm, not the quantity, has the focus', () => {
    const { onConfirm } = renderCard();
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(quantity.value).toBe('3');
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(3);
  });

  it('Skip asks first; Keep picking skips nothing', () => {
    const { onSkip } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Skip item' }));
    expect(onSkip).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep picking' }));
    expect(screen.queryByTestId('skip-ask')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Skip item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, skip' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });

  it('shows picks of the item the server has not confirmed yet', () => {
    renderCard({ pendingPicked: 2 });
    expect(screen.getByTestId('pick-pending').textContent).toBe('2 picked, pending');
  });

  it('keeps Confirm closed and the focus away before the scan', () => {
    renderCard({ scanned: false });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByText('Scan the location before you confirm.')).toBeTruthy();
  });
});
