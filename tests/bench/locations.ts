import type { App } from '../../server/app';
import { inProcessApp, median, ms, type Bench, type BenchRow } from './support';

/**
 * The location tree at 50,000 nodes on SQLite, through the real routes (app.inject, in process):
 * expanding a node with 5,000 children and a small one, opening a deep location, and moving,
 * copying and deleting a subtree of 5,011 nodes. The tree is written straight into the database
 * (a 'Bench' hall under the demo root: a 'Wide' node with 5,000 bins, nine aisles of
 * 10 racks × 10 shelves × 49 bins).
 */
const NAME = 'locations';
const WIDE = 5_000;
const AISLES = 9;
const FANOUT = [10, 10, 49] as const;

interface Row {
  id: number;
  company_id: number;
  parent_id: number;
  name: string;
  code: string;
  sort_order: number;
  created_at: string;
  updated_at: null;
  version: number;
}

export async function buildTree(
  app: App,
): Promise<{ wide: number; aisles: number[]; total: number }> {
  const root = await app.db
    .selectFrom('locations')
    .select(['id', 'company_id'])
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const max = await app.db
    .selectFrom('locations')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  let next = Number(max.m) + 1;
  const now = new Date().toISOString();
  const rows: Row[] = [];
  const add = (parent: number, name: string, code: string, sort: number): number => {
    const id = next++;
    rows.push({
      id,
      company_id: root.company_id,
      parent_id: parent,
      name,
      code,
      sort_order: sort,
      created_at: now,
      updated_at: null,
      version: 1,
    });
    return id;
  };
  const hall = add(root.id, 'Bench hall', 'BN', 99);
  const wide = add(hall, 'Wide', 'BN-W', 0);
  for (let i = 1; i <= WIDE; i++) add(wide, `Bin ${i}`, `BN-W-${i}`, i);
  const aisles: number[] = [];
  const grow = (parent: number, code: string, level: number) => {
    if (level === FANOUT.length) return;
    const letter = ['R', 'S', 'B'][level];
    for (let i = 1; i <= FANOUT[level]; i++) {
      const c = `${code}-${letter}${i}`;
      grow(add(parent, `${letter}${i}`, c, i), c, level + 1);
    }
  };
  for (let a = 1; a <= AISLES; a++) {
    const code = `BN-A${a}`;
    const id = add(hall, `Aisle ${a}`, code, a);
    aisles.push(id);
    grow(id, code, 0);
  }
  for (let i = 0; i < rows.length; i += 500) {
    await app.db
      .insertInto('locations')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  // Some stock in the wide node, so has_content varies.
  const item = await app.db
    .selectFrom('items')
    .select(['id', 'colour_id'])
    .where('company_id', '=', root.company_id)
    .executeTakeFirstOrThrow();
  const stocked = rows.filter((r) => r.parent_id === wide && r.sort_order % 10 === 0);
  for (let i = 0; i < stocked.length; i += 500) {
    await app.db
      .insertInto('location_content')
      .values(
        stocked.slice(i, i + 500).map((r) => ({
          company_id: root.company_id,
          location_id: r.id,
          item_id: item.id,
          colour_id: item.colour_id,
          quantity: 3,
          updated_at: null,
          version: 1,
        })),
      )
      .execute();
  }
  const count = await app.db
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', root.company_id)
    .executeTakeFirstOrThrow();
  return { wide, aisles, total: Number(count.n) };
}

export async function run(): Promise<BenchRow[]> {
  const server = await inProcessApp(NAME);
  const { app } = server;
  try {
    const authorization = await server.bearer('warehouse@demo.test');
    const call = async (
      method: 'GET' | 'PUT' | 'POST' | 'DELETE',
      url: string,
      payload?: object,
    ) => {
      const started = performance.now();
      const res = await app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization },
        payload,
      });
      const took = performance.now() - started;
      if (res.statusCode >= 300)
        throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { took, body: res.body };
    };
    const timed = async (n: number, f: () => Promise<{ took: number }>) => {
      await f(); // warm-up
      const runs: number[] = [];
      for (let i = 0; i < n; i++) runs.push((await f()).took);
      return median(runs);
    };

    const started = performance.now();
    const { wide, aisles, total } = await buildTree(app);
    const buildMs = performance.now() - started;
    const subtreeSize = 1 + FANOUT[0] + FANOUT[0] * FANOUT[1] + FANOUT[0] * FANOUT[1] * FANOUT[2];

    const wideMs = await timed(5, () => call('GET', `/v1/location_children?parent_id=${wide}`));
    const smallMs = await timed(20, () =>
      call('GET', `/v1/location_children?parent_id=${aisles[0]}`),
    );
    const deepBin = await app.db
      .selectFrom('locations')
      .select('id')
      .where('code', '=', 'BN-A3-R5-S5-B49')
      .executeTakeFirstOrThrow();
    const detailMs = await timed(20, () => call('GET', `/v1/location?location_id=${deepBin.id}`));

    const move = await call('PUT', `/v1/location?location_id=${aisles[0]}`, {
      parent_id: aisles[1],
    });
    const copy = await call('POST', '/v1/copy_location', {
      source_location_id: aisles[2],
      target_location_id: aisles[3],
    });
    const copied = JSON.parse(copy.body) as { location: { location_id: number }; copied: number };
    const del = await call('DELETE', `/v1/location?location_id=${copied.location.location_id}`);
    const rack = await app.db
      .selectFrom('locations')
      .select('id')
      .where('code', '=', 'BN-A5-R1')
      .executeTakeFirstOrThrow();
    const labelsUrl = `/v1/location_labels?location_id=${rack.id}&subtree=1`;
    const firstLabels = await call('GET', labelsUrl);
    const labelsMs = await timed(3, () => call('GET', labelsUrl));
    const rackSize = 1 + FANOUT[1] + FANOUT[1] * FANOUT[2];

    const row = (
      measure: string,
      value: string,
      note?: string,
      goal?: string,
      ok?: boolean,
    ): BenchRow => ({
      bench: NAME,
      measure,
      value,
      ...(note ? { note } : {}),
      ...(goal ? { goal, ok } : {}),
    });
    return [
      row('tree size', `${total} locations`, `written directly in ${ms(buildMs)}`),
      row(
        `expand a node with ${WIDE} children`,
        ms(wideMs),
        'GET location_children, median of 5',
        '< 500 ms',
        wideMs < 500,
      ),
      row('expand a node with 10 children', ms(smallMs), 'median of 20', '< 50 ms', smallMs < 50),
      row(
        'open a location 6 levels deep',
        ms(detailMs),
        'GET location (breadcrumb + children), median of 20',
      ),
      row(
        `move a subtree of ${subtreeSize} nodes`,
        ms(move.took),
        'PUT location {parent_id}: one row changes',
        '< 1000 ms',
        move.took < 1000,
      ),
      row(
        `copy a subtree of ${copied.copied} nodes`,
        ms(copy.took),
        'POST copy_location, one transaction',
        '< 5000 ms',
        copy.took < 5000,
      ),
      row(`delete the copy (${copied.copied} nodes)`, ms(del.took), 'with tombstones'),
      row(
        `labels of a ${rackSize}-location subtree`,
        ms(labelsMs),
        `median of 3 after a first call of ${ms(firstLabels.took)}; ${Math.round(firstLabels.body.length / 1024)} kB of HTML`,
      ),
    ];
  } finally {
    await server.close();
  }
}

export const locations: Bench = { name: NAME, run };
