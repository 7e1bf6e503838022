import { describe, expect, it } from 'vitest';
import { PickingStatus } from '../../../contract/orders';
import { orderStatusWords, PICKING_STATUS_CHOICES, pickingStatusWords } from './statusWords';

describe('pickingStatusWords', () => {
  it('reads every picking status the server has, by id and by name', () => {
    expect(pickingStatusWords(PickingStatus.UNASSIGNED)).toBe('Unassigned');
    expect(pickingStatusWords(PickingStatus.BEING_PICKED)).toBe('Being picked');
    expect(pickingStatusWords(PickingStatus.PAUSED)).toBe('Paused');
    expect(pickingStatusWords(PickingStatus.PICKED)).toBe('Picked');
    expect(pickingStatusWords('BEING_PICKED')).toBe('Being picked');
    expect(pickingStatusWords('unassigned')).toBe('Unassigned');
  });

  it('never shows a bare id or a server name for a status it does not know', () => {
    expect(pickingStatusWords(9)).toBe('Unknown status');
    expect(pickingStatusWords(null)).toBe('Unknown status');
    expect(pickingStatusWords('')).toBe('Unknown status');
    expect(pickingStatusWords('WAITING_FOR_STOCK')).toBe('Waiting for stock');
  });

  it('offers the four statuses in the order an order goes through them', () => {
    expect(PICKING_STATUS_CHOICES).toEqual([
      { value: '2', label: 'Unassigned' },
      { value: '1', label: 'Being picked' },
      { value: '3', label: 'Paused' },
      { value: '4', label: 'Picked' },
    ]);
  });
});

describe('orderStatusWords', () => {
  it('reads the marketplace statuses as words', () => {
    expect(orderStatusWords('PENDING')).toBe('Pending');
    expect(orderStatusWords('ON_HOLD')).toBe('On hold');
    expect(orderStatusWords('PAID')).toBe('Paid');
    expect(orderStatusWords(undefined)).toBe('Unknown status');
  });
});
