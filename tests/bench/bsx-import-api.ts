import { COLOURS, PART_MOULDS, SET_MOULDS } from '../../server/seed-demo-domain/catalog-data';
import { readBsxBlob, readBsxText, type BsxLot } from '../../contract/bsx';
import {
  newItemFromLot,
  SYNC_BATCH_CHUNK,
  type ConvertedLot,
  type NewBatchItem,
} from '../../contract/sync-batches';
import { keptFields } from '../support/bsx-kept-fields';
import { inProcessApp, ms, type BenchRow } from './support';

/**
 * A 100,000-lot BrickStore file imported through the API as the import screen does it (SQLite):
 * the file read as a stream, the lots looked up in the catalog and the batch created 5,000 lots a
 * call, then exported again; every lot must come back with every field the batch keeps.
 */

const LOTS = 100_000;

/** A BrickStore file of the demo catalog's parts (in colours) and sets, with every lot field. */
export function catalogBsx(lots: number): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<BrickStoreXML>\n'];
  parts.push(' <Inventory Currency="EUR" BrickLinkChangelogId="0">\n');
  for (let i = 0; i < lots; i++) {
    const set = i % 17 === 0;
    const [, name, id] = set
      ? SET_MOULDS[i % SET_MOULDS.length]
      : PART_MOULDS[i % PART_MOULDS.length];
    const colour = set ? 0 : COLOURS[i % COLOURS.length][1];
    const tiers =
      i % 7 === 0
        ? '   <TQ1>50</TQ1>\n   <TP1>0.080</TP1>\n   <TQ2>100</TQ2>\n   <TP2>0.075</TP2>\n'
        : '';
    parts.push(
      `  <Item>\n   <ItemID>${id}</ItemID>\n   <ItemTypeID>${set ? 'S' : 'P'}</ItemTypeID>\n` +
        `   <ColorID>${colour}</ColorID>\n   <ItemName>${name}</ItemName>\n   <Status>I</Status>\n` +
        `   <Qty>${1 + (i % 400)}</Qty>\n   <Price>${(0.01 + (i % 500) / 100).toFixed(3)}</Price>\n` +
        `   <Condition>${i % 3 === 0 ? 'N' : 'U'}</Condition>\n` +
        (set ? '   <SubCondition>C</SubCondition>\n' : '   <Bulk>5</Bulk>\n') +
        (i % 11 === 0 ? '   <Sale>10</Sale>\n' : '') +
        (i % 5 === 0 ? '   <Comments>Light play wear &lt;used&gt;</Comments>\n' : '') +
        `   <Remarks>H1-A0${1 + (i % 3)}-R02-S${1 + (i % 3)}-B${1 + (i % 4)} #${i}</Remarks>\n` +
        tiers +
        (i % 13 === 0 ? '   <Retain/>\n' : '') +
        (i % 19 === 0 ? '   <Stockroom>B</Stockroom>\n' : '') +
        '  </Item>\n',
    );
  }
  parts.push(' </Inventory>\n</BrickStoreXML>\n');
  return parts.join('');
}

/** A lot's kept fields as one string, to compare lots cheaply. */
const kept = (l: BsxLot) => JSON.stringify(keptFields(l));

export async function importThroughApi(): Promise<BenchRow[]> {
  const xml = catalogBsx(LOTS);
  const server = await inProcessApp('bsx-import-api');
  const { app } = server;
  try {
    const authorization = await server.bearer('syncer@demo.test');
    const post = async <T>(url: string, payload: object): Promise<T> => {
      const res = await app.inject({ method: 'POST', url, headers: { authorization }, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };

    let t = performance.now();
    let reports = 0;
    const doc = await readBsxBlob(new Blob([xml]), { onProgress: () => reports++ });
    const readMs = performance.now() - t;
    const items: NewBatchItem[] = doc.items
      .map(newItemFromLot)
      .map((i) => (i.condition ? i : { ...i, condition: 'GOOD' }));

    t = performance.now();
    const found: ConvertedLot[] = [];
    for (let i = 0; i < items.length; i += SYNC_BATCH_CHUNK) {
      const lots = items.slice(i, i + SYNC_BATCH_CHUNK);
      found.push(
        ...(await post<{ results: ConvertedLot[] }>('/api/v1/sync_batch_convert', { lots }))
          .results,
      );
    }
    const lookupMs = performance.now() - t;

    t = performance.now();
    const { batch_id } = await post<{ batch_id: number }>('/api/v1/new_sync_batch', {
      name: 'Bench import',
      items: items.slice(0, SYNC_BATCH_CHUNK),
      lots: items.length,
    });
    for (let at = SYNC_BATCH_CHUNK; at < items.length; at += SYNC_BATCH_CHUNK) {
      await post('/api/v1/sync_batch_lots', {
        batch_id,
        offset: at,
        items: items.slice(at, at + SYNC_BATCH_CHUNK),
      });
    }
    const createMs = performance.now() - t;

    t = performance.now();
    const exported = await app.inject({
      method: 'GET',
      url: `/api/v1/sync_batch_bsx?batch_id=${batch_id}`,
      headers: { authorization },
    });
    const exportMs = performance.now() - t;
    const again = readBsxText(exported.body);
    const same =
      again.items.length === LOTS && again.items.every((l, i) => kept(l) === kept(doc.items[i]));
    const chunks = Math.ceil(LOTS / SYNC_BATCH_CHUNK);
    const what = `API (SQLite): ${LOTS.toLocaleString('en')} lots`;
    return [
      {
        bench: 'bsx-import',
        measure: `${what}: read the file as a stream`,
        value: ms(readMs),
        note: `${(xml.length / 1024 / 1024).toFixed(1)} MB, ${reports} progress reports`,
      },
      {
        bench: 'bsx-import',
        measure: `${what}: look up in the catalog`,
        value: ms(lookupMs),
        ok: found.every((f) => f.found),
        note: `${chunks} calls of ${SYNC_BATCH_CHUNK.toLocaleString('en')} lots`,
      },
      {
        bench: 'bsx-import',
        measure: `${what}: create the batch`,
        value: ms(createMs),
        note: `${chunks} calls of ${SYNC_BATCH_CHUNK.toLocaleString('en')} lots`,
      },
      {
        bench: 'bsx-import',
        measure: `${what}: export again`,
        value: ms(exportMs),
        ok: same,
        note: same ? 'every lot equal, field by field' : 'lots differ after the round trip',
      },
    ];
  } finally {
    await server.close();
  }
}
