import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../offline/db';
import { describeEntry, groupEntries, itemLabel, type EntryFacts } from './outboxWords';

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  id: over.id ?? 'e1',
  seq: 1,
  name: 'pick.confirm.v1',
  args: {},
  createdAt: '2026-01-01T00:00:00Z',
  state: 'rejected',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});

const facts: EntryFacts = {
  orderNumber: 'BL-42',
  item: { name: 'Brick 2 x 4', colour: 'Red', condition: 'New' },
  locationCode: 'A-01-02',
};
const pick = { order_id: 4, order_item_id: 9, location_id: 3, quantity: 13 };

describe('describeEntry', () => {
  it('tells a refused pick with order, item, quantity, location and a put-back line', () => {
    const words = describeEntry(
      entry({ args: pick, code: 'order_not_claimed', message: 'Claim it again with Pick.' }),
      facts,
    );
    expect(words.group).toBe('Order BL-42');
    expect(words.what).toBe('Pick: 13 × Brick 2 x 4 · Red · New from A-01-02');
    expect(words.todo).toContain('Put 13 × Brick 2 x 4 · Red · New back at A-01-02');
    expect(words.reason).not.toContain('Claim it again');
    expect(words.putBack).toEqual({
      entryId: 'e1',
      item: 'Brick 2 x 4 · Red · New',
      quantity: 13,
      locationCode: 'A-01-02',
    });
    expect(words.canRetry).toBe(false);
  });

  it('offers Retry for a refusal whose cause may go, and for a stuck entry', () => {
    expect(describeEntry(entry({ args: pick, code: 'stock_insufficient' }), facts).canRetry).toBe(
      true,
    );
    const stuck = describeEntry(entry({ args: pick, state: 'stuck', message: 'It broke' }), facts);
    expect(stuck.canRetry).toBe(true);
    expect(stuck.putBack).toBeNull();
    expect(stuck.status).toBe('Not sent: the server failed on it');
  });

  it('offers Dismiss only for a claim of an order already picked', () => {
    const words = describeEntry(
      entry({ name: 'order.claim.v1', args: { order_id: 4 }, code: 'order_picked' }),
      facts,
    );
    expect(words.what).toBe('Taking Order BL-42 to pick');
    expect(words.reason).toBe('This order has already been picked.');
    expect(words.canRetry).toBe(false);
    expect(words.todo).toContain('Dismiss');
  });

  it('groups a fill by tray and names the tray, item and location', () => {
    const words = describeEntry(
      entry({
        name: 'tray.fill.v1',
        args: { tray_id: 5, location_id: 3 },
        code: 'tray_already_filled',
      }),
      { ...facts, tray: { trayNr: 2, batchId: 7 }, trayQuantity: 40 },
    );
    expect(words.groupKey).toBe('tray:5');
    expect(words.group).toBe('Tray 2 of batch 7');
    expect(words.what).toBe('Fill: 40 × Brick 2 x 4 · Red · New into A-01-02');
    expect(words.canRetry).toBe(false);
  });

  it('never shows an internal name, also for changes it does not know', () => {
    const words = describeEntry(entry({ name: 'stock.remove.v1', message: 'Only 10 left.' }));
    expect(JSON.stringify(words)).not.toContain('stock.remove.v1');
    expect(words.reason).toBe('Only 10 left.');
    expect(words.group).toBe('Other changes');
  });

  it('says what it knows when the rows are gone', () => {
    const words = describeEntry(entry({ args: pick }), {});
    expect(words.what).toBe('Pick: 13 × an item from its location');
    expect(words.group).toBe('Order #4');
    expect(itemLabel({ name: 'Plate', colour: null, condition: 'Used' })).toBe('Plate · Used');
  });
});

describe('groupEntries', () => {
  it('groups by order or tray in the order made', () => {
    const rows = [
      { words: describeEntry(entry({ id: 'a', args: { ...pick, order_id: 1 } })) },
      { words: describeEntry(entry({ id: 'b', name: 'tray.fill.v1', args: { tray_id: 2 } })) },
      { words: describeEntry(entry({ id: 'c', args: { ...pick, order_id: 1 } })) },
    ];
    expect(groupEntries(rows).map((g) => [g.key, g.rows.length])).toEqual([
      ['order:1', 2],
      ['tray:2', 1],
    ]);
  });
});
