import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserPermissionRequest } from './admin';
import {
  BULK_MAX,
  bulkSize,
  id,
  INT_MAX,
  int,
  paging,
  price,
  PRICE_MAX,
  quantity,
  STOCK_MAX,
  text,
  typedNumber,
  zeroOne,
} from './fields';
import { IssueReportArgs } from './mutations/picking';
import { ORDER_SORT_FLAGS, OrderQuery } from './orders';
import { BATCH_SORT_FLAGS, BatchListQuery } from './warehouse';
import { MutationEnvelope } from './sync';

const ok = (s: z.ZodType, v: unknown) => s.safeParse(v).success;

describe('request field types', () => {
  it('take ids as numbers or digit strings, 1..2^31-1 only', () => {
    expect(id().parse(7)).toBe(7);
    expect(id().parse('7')).toBe(7);
    expect(ok(id(), INT_MAX)).toBe(true);
    for (const bad of [0, -1, INT_MAX + 1, 2 ** 53, 1.5, '', ' ', null, false, true, [], {}, '1e3'])
      expect(ok(id(), bad), JSON.stringify(bad)).toBe(false);
    expect(ok(id(), '99999999999999999999999')).toBe(false);
  });

  it('never read an empty value as permission 0', () => {
    for (const empty of [null, '', false, [], {}, ' ']) {
      expect(ok(UserPermissionRequest, { user_id: 2, permission_id: empty })).toBe(false);
    }
    expect(UserPermissionRequest.parse({ user_id: '2', permission_id: '0' })).toEqual({
      user_id: 2,
      permission_id: 0,
    });
  });

  it('refuse NUL in text and bound its length', () => {
    expect(ok(text(10), 'ok')).toBe(true);
    expect(ok(text(10), 'a\u0000b')).toBe(false);
    expect(ok(text(10), 'x'.repeat(11))).toBe(false);
    expect(ok(IssueReportArgs, { note: 'bad\u0000note', manager_id: 1 })).toBe(false);
  });

  it('bound quantities and switches', () => {
    expect(ok(quantity(), STOCK_MAX)).toBe(true);
    expect(ok(quantity(), STOCK_MAX + 1)).toBe(false);
    expect(ok(int(-5, 5), '-5')).toBe(true);
    expect(zeroOne().parse(true)).toBe(1);
    expect(ok(zeroOne(), null)).toBe(false);
    expect(ok(zeroOne(), '')).toBe(false);
  });

  it('bound prices and bulk sizes, and take a typed number only without NUL', () => {
    expect(price().parse(String(PRICE_MAX))).toBe(PRICE_MAX);
    expect(ok(price(), PRICE_MAX + 1)).toBe(false);
    expect(ok(price(1), 0)).toBe(false);
    expect(bulkSize().parse(BULK_MAX)).toBe(BULK_MAX);
    for (const bad of [0, BULK_MAX + 1, INT_MAX + 1, 1.5, ''])
      expect(ok(bulkSize(), bad)).toBe(false);
    for (const typed of [12, '12,5', '', null, undefined])
      expect(ok(typedNumber(), typed)).toBe(true);
    expect(ok(typedNumber(), '1\u0000')).toBe(false);
    expect(ok(typedNumber(), 'x'.repeat(51))).toBe(false);
  });

  it('refuse a seq beyond 32 bits and page numbers that are not numbers', () => {
    const m = { id: crypto.randomUUID(), name: 'x', args: {} };
    expect(ok(MutationEnvelope, { ...m, seq: INT_MAX })).toBe(true);
    expect(ok(MutationEnvelope, { ...m, seq: INT_MAX + 1 })).toBe(false);
    expect(ok(OrderQuery, { page: '' })).toBe(false);
    expect(OrderQuery.parse({}).page).toBe(1);
  });

  it('page a list by its own page size, at most 100 rows a page', () => {
    const query = z.object(paging(10));
    expect(query.parse({})).toEqual({ limit: 10, page: 1 });
    expect(query.parse({ limit: '100', page: '3' })).toEqual({ limit: 100, page: 3 });
    for (const bad of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { limit: '' }])
      expect(ok(query, bad), JSON.stringify(bad)).toBe(false);
  });

  it('take each sort flag of a list as a query flag', () => {
    const lists = [
      [OrderQuery, ORDER_SORT_FLAGS],
      [BatchListQuery, BATCH_SORT_FLAGS],
    ] as const;
    for (const [query, flags] of lists)
      for (const flag of flags) {
        expect(query.parse({ [flag]: '' })).toMatchObject({ [flag]: '' });
        expect(ok(query, { [flag]: 'yes' }), flag).toBe(false);
      }
  });
});
