/**
 * The 'new items' checkbox of a location, from its is_selected_new_location:
 * 0 not selected, 1 selected, 2 inherited from a selected ancestor (checked and disabled).
 */
export type NewItemsFlag = 0 | 1 | 2;

export function newItemsCheckbox(flag: NewItemsFlag): { checked: boolean; disabled: boolean } {
  return { checked: flag !== 0, disabled: flag === 2 };
}

/** The `selected` value to send when the box is clicked, or null when it cannot change. */
export function newItemsToggle(flag: NewItemsFlag): boolean | null {
  if (flag === 2) return null;
  return flag === 0;
}
