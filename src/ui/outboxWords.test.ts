import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../offline/db';
import { BatchTraysMessages } from '../../contract/batch-trays';
import {
  describeEntry,
  groupEntries,
  itemLabel,
  type EntryFacts,
  type TraysSaveLocal,
} from './outboxWords';

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

  it('tells a change the server does not know as an out-of-date app, without its name', () => {
    const words = describeEntry(
      entry({
        name: 'pick.confirm.v1',
        args: pick,
        code: 'unknown_mutation',
        message: 'Unknown change: pick.confirm.v1',
      }),
      facts,
    );
    expect(words.reason).toBe(
      'This app is older than the server: update the app (reload) and try again.',
    );
    expect(words.what).toBe('Pick: 13 × Brick 2 x 4 · Red · New from A-01-02');
    expect(JSON.stringify(words)).not.toMatch(/pick\.confirm|Unknown change/);
  });

  it('gives refusals without floor words its own: no field paths, no HTTP status', () => {
    const invalid = describeEntry(
      entry({
        args: pick,
        code: 'invalid_args',
        message: 'Invalid pick.confirm.v1: quantity: Too big',
      }),
      facts,
    );
    expect(invalid.reason).toBe(
      'The server could not read this change: update the app (reload) and make the change again.',
    );
    const bare = describeEntry(
      entry({
        args: pick,
        code: 'http_418',
        message: 'The server refused this change (HTTP 418).',
      }),
      facts,
    );
    expect(bare.reason).toBe('The server refused this change.');
    const stuck = describeEntry(
      entry({ args: pick, state: 'stuck', code: 'server_error', message: 'HTTP 500' }),
      facts,
    );
    expect(stuck.reason).toBe('The server could not apply this change.');
    for (const words of [invalid, bare, stuck]) {
      expect(JSON.stringify(words)).not.toMatch(/HTTP|\d{3}\)|pick\.confirm|quantity:/);
    }
  });

  it('names a refused tray edit by batch, tray numbers and what was changed', () => {
    const local: TraysSaveLocal = {
      batch_name: 'Attic 4 - slopes and tiles',
      trays: [
        { tray_nr: 7, changed: ['comments', 'quantity'] },
        { tray_nr: 2, changed: ['colour_id', 'item_id'] },
      ],
    };
    const save = (over: Partial<OutboxEntry>) =>
      entry({
        name: 'trays.save.v1',
        args: { project_id: 1, batch_id: 4, trays: [{ tray_id: 31 }, { tray_id: 26 }] },
        local,
        code: 'conflict',
        message: BatchTraysMessages.claimRefused,
        ...over,
      });
    const words = describeEntry(save({}));
    expect(words.group).toBe('Batch Attic 4 - slopes and tiles');
    expect(words.groupKey).toBe('batch:4');
    expect(words.what).toBe('Edits of trays 2 and 7: item, colour, quantity, comments');
    expect(words.reason).toBe(BatchTraysMessages.claimRefused);
    expect(words.todo).toContain('whoever is editing this batch has finished');
    expect(words.canRetry).toBe(true);
    expect(words.putBack).toBeNull();
    expect(JSON.stringify(words)).not.toContain('trays.save');

    // Refused for another reason: nothing to wait for.
    const gone = describeEntry(save({ code: 'not_found', message: 'Batch not found' }));
    expect(gone.canRetry).toBe(false);
    expect(gone.todo).toContain('make these edits again');

    // Many trays: the first five by number; without what the editor stored, the batch id.
    const many = {
      batch_name: 'B',
      trays: [9, 8, 7, 6, 5, 4, 3].map((n) => ({ tray_nr: n, changed: ['price'] })),
    };
    expect(describeEntry(save({ local: many })).what).toBe(
      'Edits of trays 3, 4, 5, 6, 7 and 2 more: price',
    );
    const bare = describeEntry(save({ local: undefined }));
    expect(bare.group).toBe('Batch #4');
    expect(bare.what).toBe('Edits of 2 trays');
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
