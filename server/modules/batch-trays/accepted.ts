import { BatchTraysMessages as M, TRAY_EDIT_FIELDS } from '../../../contract/batch-trays';
import { nowIso } from '../../db/dialect';
import { conflict } from '../../errors';
import type { Trx, WriteCtx } from '../../write/context';
import { mustBeTraysOf, mustNotBeClaimedByOther } from './rules';

/**
 * Accepted means this version of the tray: any change of a tray's values clears it (the editor's
 * save and update prices), and an accept names the tray version it saw and is refused when the
 * tray was written since.
 */

/** What an edit writes of a tray: a difference in any of these clears Accepted. */
type TrayContent = {
  item_id: number | null;
  mold_id: number | null;
  colour_id: number | null;
  condition: string | null;
  quantity: number;
  price: number;
  status: string;
  comments: string;
};
/** True when `next` changes any of the tray's values (numbers compared as numbers). */
export function changes(before: TrayContent, next: TrayContent): boolean {
  return TRAY_EDIT_FIELDS.some((k) => {
    const a = before[k];
    const b = next[k];
    if (a === null || b === null) return a !== b;
    return typeof b === 'number' ? Number(a) !== b : String(a) !== b;
  });
}

/**
 * Sets the Accepted flag of saved trays (a digibrick_manager; not while another holds the claim).
 * Each names the tray version it saw: when any tray was written since, nothing changes and the
 * call is refused (409) with the stale trays' numbers.
 */
export async function setAccepted(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  flags: { tray_id: number; accepted: number; version: number }[],
) {
  const version = await ctx.version();
  await mustNotBeClaimedByOther(trx, ctx, batchId);
  const rows = await mustBeTraysOf(
    trx,
    ctx,
    batchId,
    flags.map((c) => c.tray_id),
  );
  const current = new Map(rows.map((r) => [r.id, r]));
  const stale = flags.filter((c) => Number(current.get(c.tray_id)!.version) !== c.version);
  if (stale.length) throw staleAccept(stale.map((c) => current.get(c.tray_id)!.tray_nr));
  for (const c of flags) {
    // The version is checked again in the update itself: a tray written meanwhile is not touched.
    const res = await trx
      .updateTable('trays')
      .set({
        accepted: c.accepted === 1 ? 1 : 0,
        last_edit_user_id: ctx.userId,
        date_of_last_edit: nowIso(),
        version,
      })
      .where('id', '=', c.tray_id)
      .where('company_id', '=', ctx.companyId)
      .where('version', '=', c.version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw staleAccept([current.get(c.tray_id)!.tray_nr]);
  }
}

const staleAccept = (trayNrs: number[]) =>
  conflict(M.acceptStale([...new Set(trayNrs)].sort((a, b) => a - b)));
