import { describe, expect, it } from 'vitest';
import {
  NOTHING_SELECTED,
  PASTE_INTO_ITSELF,
  planPaste,
  selectCopy,
  selectMove,
} from './clipboard';
import { newItemsCheckbox, newItemsToggle } from './newItemsFlag';
import { TREE_QUANTITY_RULE, readTreeQuantity } from './quantity';

describe('copy and move selection', () => {
  it('pasting with nothing selected says that nothing is selected', () => {
    expect(planPaste(null, 7, [1, 7])).toEqual({ ok: false, message: NOTHING_SELECTED });
    expect(NOTHING_SELECTED).toBe('There are no nodes selected for copy or moving');
  });

  it('selecting a copy replaces a move selection and the reverse', () => {
    let selection = selectMove(5, 'Rack 1');
    expect(selection.mode).toBe('move');
    selection = selectCopy(6, 'Rack 2');
    expect(selection).toEqual({ mode: 'copy', locationId: 6, name: 'Rack 2' });
    selection = selectMove(8, 'Shelf');
    expect(selection.mode).toBe('move');
    expect(selection.locationId).toBe(8);
  });

  it('a move selection is cleared after pasting, a copy selection stays', () => {
    const move = planPaste(selectMove(5, 'A'), 9, [1, 9]);
    expect(move).toMatchObject({ ok: true, mode: 'move', sourceId: 5, targetId: 9, after: null });
    const copy = selectCopy(5, 'A');
    const pasted = planPaste(copy, 9, [1, 9]);
    expect(pasted).toMatchObject({ ok: true, mode: 'copy', after: copy });
  });

  it('a node is never moved into itself or its own subtree', () => {
    expect(planPaste(selectMove(5, 'A'), 5, [1, 5])).toEqual({
      ok: false,
      message: PASTE_INTO_ITSELF,
    });
    expect(planPaste(selectMove(5, 'A'), 12, [1, 5, 9, 12])).toMatchObject({ ok: false });
    // Copying a node into itself makes a copy below it: allowed.
    expect(planPaste(selectCopy(5, 'A'), 5, [1, 5])).toMatchObject({ ok: true });
  });
});

describe('item quantity in the tree: a whole number from 0 to 100', () => {
  it.each([
    ['0', 0],
    ['100', 100],
    [' 42 ', 42],
    [7, 7],
  ])('accepts %j', (entry, value) => {
    expect(readTreeQuantity(entry)).toEqual({ ok: true, value });
  });

  it.each(['', '101', '-1', '1.5', '3e1', 'abc', ' ', '10a', 100.5, -3, null, undefined])(
    'refuses %j with the rule',
    (entry) => {
      expect(readTreeQuantity(entry)).toEqual({ ok: false, message: TREE_QUANTITY_RULE });
    },
  );
});

describe("the 'new items' checkbox with three states", () => {
  it('0 is unchecked, 1 checked, 2 checked and disabled', () => {
    expect(newItemsCheckbox(0)).toEqual({ checked: false, disabled: false });
    expect(newItemsCheckbox(1)).toEqual({ checked: true, disabled: false });
    expect(newItemsCheckbox(2)).toEqual({ checked: true, disabled: true });
  });

  it('a click selects an unselected node, unselects a selected one, never changes inherited', () => {
    expect(newItemsToggle(0)).toBe(true);
    expect(newItemsToggle(1)).toBe(false);
    expect(newItemsToggle(2)).toBeNull();
  });
});
