import { describe, expect, it } from 'vitest';
import { COLLECTIONS, FLOOR_COLLECTIONS, tableFor } from './collections';
import { WarehouseDb } from './db';

describe('COLLECTIONS', () => {
  it('names the primary key of the table each collection fills', () => {
    const db = new WarehouseDb(`collections-test-${crypto.randomUUID()}`);
    for (const name of FLOOR_COLLECTIONS) {
      expect(tableFor(db, name).schema.primKey.keyPath, name).toBe(COLLECTIONS[name].key);
    }
    db.close();
  });
});
