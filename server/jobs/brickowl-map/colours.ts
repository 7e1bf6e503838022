import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { BrickOwlError, type BrickOwlClient } from '../../marketplaces';
import type { BoColourEntry } from '../../marketplaces/brickowl/types';

/** BrickOwl's colour list is read again once a day (by the schedule, or by an upload that needs it). */
export const COLOUR_LIST_MAX_AGE_MS = 24 * 3600_000;

/** BrickOwl's colour list as last read: BrickLink colour id → BrickOwl's colour. */
export interface ColourMap {
  byBrickLink: Map<number, { id: number; name: string }>;
  /** When BrickOwl's list was read; null when it never was. */
  readAt: string | null;
}

export async function colourMap(db: Kysely<Database>): Promise<ColourMap> {
  const rows = await db.selectFrom('brickowl_colours').selectAll().execute();
  const byBrickLink = new Map(
    rows.map((r) => [
      Number(r.bl_colour_id),
      { id: Number(r.brickowl_colour_id), name: r.brickowl_name },
    ]),
  );
  const readAt = rows.reduce<string | null>(
    (latest, r) => (latest === null || r.refreshed_at > latest ? r.refreshed_at : latest),
    null,
  );
  return { byBrickLink, readAt };
}

/** The map is older than a day (or was never read). */
export function colourMapStale(map: ColourMap, now = Date.now()): boolean {
  return map.readAt === null || now - Date.parse(map.readAt) > COLOUR_LIST_MAX_AGE_MS;
}

/**
 * BrickLink colour id → BrickOwl colour, from BrickOwl's list. A BrickLink id that two BrickOwl
 * colours name goes to the one with the lower BrickOwl id; colours with no BrickLink id are left out.
 */
export function byBrickLinkId(colours: BoColourEntry[]): Map<number, BoColourEntry> {
  const map = new Map<number, BoColourEntry>();
  for (const colour of [...colours].sort((a, b) => a.id - b.id)) {
    for (const bl of colour.blIds) if (!map.has(bl)) map.set(bl, colour);
  }
  return map;
}

/**
 * Reads BrickOwl's colour list and keeps it, one row per BrickLink colour id it names; a colour
 * BrickOwl no longer names goes. Rows are written over (not deleted first), so two readings at once
 * on two servers both end well. A list naming no BrickLink colour is refused and the kept map stays.
 * Answers how many BrickLink colours BrickOwl names.
 */
export async function refreshColours(
  db: Kysely<Database>,
  client: BrickOwlClient,
): Promise<number> {
  const map = byBrickLinkId(await client.colourList());
  if (map.size === 0) {
    throw new BrickOwlError(
      'BAD_RESPONSE',
      'BrickOwl answered a colour list without BrickLink colours',
      200,
    );
  }
  const now = nowIso();
  const rows = [...map].map(([bl, colour]) => ({
    bl_colour_id: bl,
    brickowl_colour_id: colour.id,
    brickowl_name: colour.name,
    refreshed_at: now,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto('brickowl_colours')
        .values(rows.slice(i, i + 200))
        .onConflict((oc) =>
          oc.column('bl_colour_id').doUpdateSet((eb) => ({
            brickowl_colour_id: eb.ref('excluded.brickowl_colour_id'),
            brickowl_name: eb.ref('excluded.brickowl_name'),
            refreshed_at: eb.ref('excluded.refreshed_at'),
          })),
        )
        .execute();
    }
    await trx.deleteFrom('brickowl_colours').where('refreshed_at', '<', now).execute();
  });
  return map.size;
}
