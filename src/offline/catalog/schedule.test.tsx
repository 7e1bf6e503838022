// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb, WarehouseDb } from '../db';
import { CatalogFactsLine } from './CatalogFactsLine';
import { CatalogStatusLine } from './CatalogStatusLine';
import { useCatalogFacts } from './hooks';
import { startCatalogSync } from './schedule';
import { catalogStatus } from './status';
import { fakeCatalog } from '../../test/fakeCatalog';
import { releasedDatabase } from '../../test/releasedSchemas';

function Card({ moldId }: { moldId: number }) {
  return <CatalogFactsLine facts={useCatalogFacts(moldId)} />;
}

let stop: () => void = () => undefined;

beforeEach(async () => {
  await Promise.all([getDb().catalogChunks.clear(), getDb().meta.clear()]);
  catalogStatus.setState({ phase: 'idle', done: 0, total: 0, syncedAt: null, error: null });
});
afterEach(() => {
  stop();
  cleanup();
});

describe('catalog sync schedule and status line', () => {
  it('syncs after start; the status line and a floor card read the device catalog', async () => {
    const server = fakeCatalog();
    server.set('parts-0000', 'parts', [
      [1, 'Brick 1 x 2', 'rb1', '3004', null, null, 1.6, 0.8, 1.2, 0.8, 2001, 'Plastic'],
    ]);
    server.set('moulds-0000', 'moulds', [
      [7, 2, 'Brick 1 x 2', null, '3004', null, null, 1, null, null, null, null, null, null],
    ]);
    render(
      <MantineProvider>
        <CatalogStatusLine />
        <Card moldId={7} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('catalog-status').textContent).toBe(
      'Catalog: not on this device yet.',
    );
    stop = startCatalogSync({ transport: server.transport, startDelayMs: 0 });
    await waitFor(() =>
      expect(screen.getByTestId('catalog-status').textContent).toMatch(
        /^Catalog on this device \(/,
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('catalog-facts').textContent).toBe(
        'Size 1.6 x 0.8 x 1.2 cm · Weight 0.8 g · BrickLink 3004 · Rebrickable rb1',
      ),
    );
    expect(await getDb().catalogChunks.count()).toBe(2);
  });

  it('a failed sync says the catalog is not on the device yet and tries again later', async () => {
    const server = fakeCatalog();
    server.set('parts-0000', 'parts', []);
    server.failAfter(0);
    render(
      <MantineProvider>
        <CatalogStatusLine />
      </MantineProvider>,
    );
    stop = startCatalogSync({ transport: server.transport, startDelayMs: 0 });
    await waitFor(() => expect(catalogStatus.getState().phase).toBe('error'));
    expect(screen.getByTestId('catalog-status').textContent).toBe(
      'Catalog: not on this device yet; it downloads when the connection allows.',
    );
  });
});

describe('schema upgrade 2 → 3', () => {
  it('keeps pending entries and adds the catalog table', async () => {
    const name = `catalog-upgrade-${crypto.randomUUID()}`;
    const v2 = releasedDatabase(name, 2);
    await v2.open();
    const entry = {
      id: crypto.randomUUID(),
      seq: 1,
      name: 'pick.confirm.v1',
      args: { qty: 1 },
      createdAt: '2026-11-20T10:00:00.000Z',
      state: 'pending',
      attempts: 0,
      faults: 0,
      nextAttemptAt: 0,
    };
    await v2.table('outbox').add(entry);
    v2.close();

    const db = new WarehouseDb(name);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining(entry)]);
    await db.catalogChunks.put({
      name: 'parts-0000',
      hash: 'h',
      kind: 'parts',
      rows: 0,
      body: '{}',
      storedAt: '',
    });
    expect(await db.catalogChunks.count()).toBe(1);
    db.close();
    await Dexie.delete(name);
  });
});
