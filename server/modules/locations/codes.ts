import { chunks, type Db } from './tree';

/**
 * Location codes: what the labels carry and the floor scans, unique within a company. A new child
 * continues its siblings' numbering (siblings H1-A01 … H1-A03 → H1-A04; halls H1, H2 → H3); the
 * first child of a node gets `<parent code>-1`. A copied subtree keeps each node's own suffix under
 * its new parent's code (H1-A01-R01-S2 copied as H2-A03-R04 gives H2-A03-R04-S2).
 */

const NUMBERED = /^(.*?)(\d+)$/;

/** The code a new child of `parent` would get, without checking what is taken. */
export function nextSiblingCode(parentCode: string, siblingCodes: readonly string[]): string {
  const stems = new Map<string, { count: number; max: number; width: number }>();
  for (const code of siblingCodes) {
    const m = NUMBERED.exec(code);
    if (!m) continue;
    const s = stems.get(m[1]) ?? { count: 0, max: 0, width: 1 };
    s.count++;
    s.max = Math.max(s.max, Number(m[2]));
    s.width = Math.max(s.width, m[2].length);
    stems.set(m[1], s);
  }
  let best: [string, { count: number; max: number; width: number }] | undefined;
  for (const entry of stems) if (!best || entry[1].count > best[1].count) best = entry;
  if (!best) return `${parentCode}-${siblingCodes.length + 1}`;
  const [stem, s] = best;
  return `${stem}${String(s.max + 1).padStart(s.width, '0')}`;
}

/** The `attempt`-th alternative of a code: its end number raised (or `-2`, `-3`, … appended). */
function bump(code: string, attempt: number): string {
  const m = NUMBERED.exec(code);
  if (m) return `${m[1]}${String(Number(m[2]) + attempt).padStart(m[2].length, '0')}`;
  return `${code}-${attempt + 1}`;
}

/** Which of `codes` the company already uses. */
export async function takenCodes(db: Db, companyId: number, codes: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(codes)) {
    const rows = await db
      .selectFrom('locations')
      .select('code')
      .where('company_id', '=', companyId)
      .where('code', 'in', part)
      .execute();
    for (const r of rows) taken.add(r.code);
  }
  return taken;
}

/**
 * Makes every wanted code unique (against the company's codes and each other), changing as few as
 * possible. The same order as `wanted`.
 */
export async function uniqueCodes(db: Db, companyId: number, wanted: string[]): Promise<string[]> {
  const out = [...wanted];
  const claimed = new Set<string>();
  let pending = out.map((_, i) => i);
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 50) throw new Error('Could not find free location codes');
    const taken = await takenCodes(
      db,
      companyId,
      pending.map((i) => out[i]),
    );
    const retry: number[] = [];
    for (const i of pending) {
      const code = out[i];
      if (taken.has(code) || claimed.has(code)) {
        out[i] = bump(wanted[i], attempt + 1);
        retry.push(i);
      } else {
        claimed.add(code);
      }
    }
    pending = retry;
  }
  return out;
}

/** A fresh unique code for a new child of `parent`. */
export async function freshChildCode(
  db: Db,
  companyId: number,
  parent: { id: number; code: string },
): Promise<string> {
  const siblings = await db
    .selectFrom('locations')
    .select('code')
    .where('parent_id', '=', parent.id)
    .where('company_id', '=', companyId)
    .execute();
  const [code] = await uniqueCodes(db, companyId, [
    nextSiblingCode(
      parent.code,
      siblings.map((s) => s.code),
    ),
  ]);
  return code;
}

/** The code of a copied node: its own suffix (after its old parent's code) under the new parent. */
export function copiedCode(oldCode: string, oldParentCode: string, newParentCode: string): string {
  if (oldCode.startsWith(`${oldParentCode}-`)) {
    return newParentCode + oldCode.slice(oldParentCode.length);
  }
  return `${newParentCode}-${oldCode}`;
}
