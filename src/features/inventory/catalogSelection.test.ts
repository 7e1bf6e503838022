import { describe, expect, it } from 'vitest';
import {
  AMOUNT_NEEDED,
  NOTHING_SELECTED,
  addRequests,
  amountText,
  setAmount,
  toggleRow,
  type Selection,
} from './catalogSelection';

const brick = { item_id: 7, label: 'Brick 2 x 4 (Red)' };
const plate = { item_id: 9, label: 'Plate 1 x 1 (Black)' };

describe('Kulla Catalog select mode', () => {
  it('takes digits only, at most four', () => {
    expect(amountText('12a3')).toBe('123');
    expect(amountText('123456')).toBe('1234');
    expect(amountText('-5.5')).toBe('55');
    expect(amountText('')).toBe('');
  });

  it('an amount belongs to a selected row only', () => {
    const none: Selection = new Map();
    expect(setAmount(none, 7, '3')).toBe(none);
    const one = setAmount(toggleRow(none, brick, true), 7, '30x');
    expect(one.get(7)?.amount).toBe('30');
    expect(toggleRow(one, brick, false).size).toBe(0);
    // selecting again keeps nothing stale from before
    expect(toggleRow(toggleRow(one, brick, false), brick, true).get(7)?.amount).toBe('');
  });

  it('sends every selected row with its amount', () => {
    let s: Selection = toggleRow(toggleRow(new Map(), brick, true), plate, true);
    s = setAmount(setAmount(s, 7, '12'), 9, '9999');
    expect(addRequests(s)).toEqual({
      ok: true,
      requests: [
        { item_id: 7, amount: 12, label: brick.label },
        { item_id: 9, amount: 9999, label: plate.label },
      ],
    });
  });

  it('says clearly what is missing', () => {
    expect(addRequests(new Map())).toEqual({ ok: false, message: NOTHING_SELECTED });
    let s: Selection = toggleRow(toggleRow(new Map(), brick, true), plate, true);
    s = setAmount(setAmount(s, 7, '0'), 9, '4');
    expect(addRequests(s)).toEqual({
      ok: false,
      message: `${AMOUNT_NEEDED}\n- ${brick.label}`,
    });
  });
});
