import { BatchTraysMessages, type TrayRow } from '../../../contract/batch-trays';
import { CONDITIONS } from '../../../contract/projects';
import type { Draft, DraftField, SortKey } from './grid-model';

/**
 * The editor's columns: header, width, what sorts it and what a double-click edits. `width` is
 * the least a column takes (all of them fit beside the menu at 1280 px); `max` is what a fixed
 * column grows to when there is room, Comments takes the rest.
 */
export interface Column {
  id: string;
  title: string;
  width: number;
  max?: number;
  sort?: SortKey;
  field?: DraftField;
}

export const COLUMNS: Column[] = [
  { id: 'nr', title: 'Tray', width: 44, max: 56, sort: 'tray_nr' },
  { id: 'accepted', title: 'Accepted', width: 76, max: 84, sort: 'accepted' },
  { id: 'status', title: 'Status', width: 104, max: 150, sort: 'status', field: 'status' },
  { id: 'mold', title: 'Mold ID', width: 100, max: 140, sort: 'mold_id', field: 'mold_id' },
  { id: 'item', title: 'Item', width: 92, max: 120, sort: 'readable_id', field: 'item_id' },
  { id: 'colour', title: 'Colour', width: 96, max: 150, sort: 'colour_name', field: 'colour_id' },
  {
    id: 'condition',
    title: 'Condition',
    width: 84,
    max: 110,
    sort: 'condition',
    field: 'condition',
  },
  { id: 'quantity', title: 'Quantity', width: 72, max: 84, sort: 'quantity', field: 'quantity' },
  { id: 'price', title: 'Price (€)', width: 72, max: 84, sort: 'price', field: 'price' },
  { id: 'comments', title: 'Comments', width: 80, sort: 'comments', field: 'comments' },
  { id: 'info', title: 'Info', width: 36, max: 52 },
  { id: 'changes', title: 'Changes', width: 112, max: 150 },
];

export const GRID_TEMPLATE = COLUMNS.map((c) =>
  c.max === undefined ? `minmax(${c.width}px, 1fr)` : `minmax(${c.width}px, ${c.max}px)`,
).join(' ');

/** The grid's least width: below it the grid scrolls sideways. */
export const GRID_MIN_WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** The editable fields in column order (Tab moves along them). */
export const FIELD_ORDER: DraftField[] = COLUMNS.flatMap((c) => (c.field ? [c.field] : []));

/** Condition label; an unknown value says so (spelling as the product has it). */
export function conditionLabel(c: string | null): string {
  if (c === null) return '';
  return (CONDITIONS as Record<string, string>)[c] ?? 'Condtion not found';
}

/**
 * A price in euro as the editor shows it: two decimals, or three when the price has thousandths
 * (prices are kept to the thousandth of a euro, so €0.133 shows as 0.133, never as 0.13).
 */
export function priceText(euro: number): string {
  const thousandths = Math.round(euro * 1000);
  return (thousandths / 1000).toFixed(thousandths % 10 === 0 ? 2 : 3);
}

/** The text a cell shows for a value of `field`. */
export function fieldText(
  field: DraftField,
  v: Draft,
  row: TrayRow,
  colourName: (id: number) => string | undefined,
): string {
  switch (field) {
    case 'colour_id':
      if (v.colour_id === null) return '';
      if (v.colour_id === row.colour_id && row.colour_name) return row.colour_name;
      return colourName(v.colour_id) ?? BatchTraysMessages.colourNotFound;
    case 'condition':
      return conditionLabel(v.condition);
    case 'item_id':
      if (v.item_id === null) return '';
      return v.item_id === row.item_id && row.readable_id ? row.readable_id : `#${v.item_id}`;
    case 'price':
      return priceText(v.price);
    default: {
      const x = v[field];
      return x === null ? '' : String(x);
    }
  }
}
