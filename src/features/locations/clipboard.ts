/**
 * The copy/move selection of the location tree: one node is selected for copy or for moving, never
 * both; pasting with nothing selected shows NOTHING_SELECTED; a move selection is cleared after
 * pasting, a copy selection stays for further pastes.
 */
export const NOTHING_SELECTED = 'There are no nodes selected for copy or moving';
export const ROOT_NOT_EDITABLE = 'The root location cannot be edited.';
export const PASTE_INTO_ITSELF =
  'A location cannot be pasted into itself or into one of its own locations.';

export interface NodeSelection {
  mode: 'copy' | 'move';
  locationId: number;
  name: string;
}

/** Selecting a copy replaces (clears) any move selection. */
export function selectCopy(locationId: number, name: string): NodeSelection {
  return { mode: 'copy', locationId, name };
}

/** Selecting a move replaces (clears) any copy selection. */
export function selectMove(locationId: number, name: string): NodeSelection {
  return { mode: 'move', locationId, name };
}

export type PastePlan =
  | { ok: false; message: string }
  | {
      ok: true;
      mode: 'copy' | 'move';
      sourceId: number;
      targetId: number;
      /** The selection after a successful paste. */
      after: NodeSelection | null;
    };

/**
 * What pasting `selection` into `targetId` does. `targetPath` is the ids from the root down to the
 * target (the target included), so a node is never pasted into its own subtree.
 */
export function planPaste(
  selection: NodeSelection | null,
  targetId: number,
  targetPath: readonly number[],
): PastePlan {
  if (!selection) return { ok: false, message: NOTHING_SELECTED };
  if (selection.mode === 'move' && targetPath.includes(selection.locationId)) {
    return { ok: false, message: PASTE_INTO_ITSELF };
  }
  return {
    ok: true,
    mode: selection.mode,
    sourceId: selection.locationId,
    targetId,
    after: selection.mode === 'move' ? null : selection,
  };
}

/** An item cut with "move", waiting for "paste item" on another location. */
export interface ItemSelection {
  itemId: number;
  colourId: number;
  fromLocationId: number;
  label: string;
}

export const NO_ITEM_SELECTED = 'There is no item selected for moving';
