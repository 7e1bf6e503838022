import type { CatalogItem, ObjectType } from '../../../contract/catalog';

/** The fields of the edit form per object type, with their labels. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  rebrickable_id: 'Rebrickable id',
  bricklink_id: 'BrickLink id',
  brickowl_id: 'BrickOwl id',
  image_url: 'Image URL',
  year: 'Year',
  length: 'Length (cm)',
  width: 'Width (cm)',
  height: 'Height (cm)',
  weight: 'Weight (g)',
  material: 'Material',
  num_parts: 'Number of parts',
};

const COMMON = ['name', 'rebrickable_id', 'bricklink_id', 'brickowl_id', 'image_url', 'year'];
export const FORM_FIELDS: Record<Exclude<ObjectType, 'element'>, string[]> = {
  part: [...COMMON, 'length', 'width', 'height', 'weight', 'material'],
  minifig: [...COMMON, 'num_parts'],
  set: [...COMMON, 'num_parts', 'length', 'width', 'height', 'weight'],
};

/** The form's starting values: the item's, as text ('' for none). */
export function formValues(item: CatalogItem): Record<string, string> {
  const fields = FORM_FIELDS[item.type as keyof typeof FORM_FIELDS] ?? [];
  const source: Record<string, unknown> = item;
  return Object.fromEntries(
    fields.map((f) => [f, source[f] === null || source[f] === undefined ? '' : String(source[f])]),
  );
}

/** The fields the user changed, as sent: numbers where the field holds one, '' to clear. */
export function changedFields(
  before: Record<string, string>,
  after: Record<string, string>,
): Record<string, string | number | null> {
  const numeric = new Set(['year', 'length', 'width', 'height', 'weight', 'num_parts']);
  const out: Record<string, string | number | null> = {};
  for (const [field, value] of Object.entries(after)) {
    const v = value.trim();
    if (v === before[field].trim()) continue;
    if (v === '') out[field] = null;
    else if (numeric.has(field) && !Number.isNaN(Number(v.replace(',', '.')))) {
      out[field] = Number(v.replace(',', '.'));
    } else out[field] = v;
  }
  return out;
}

/** The relations an item of this type may take part in. */
export function relationChoices(type: ObjectType): { value: string; label: string }[] {
  if (type === 'part') {
    return ['subpart', 'print', 'pair', 'alternate', 'mold', 'pattern'].map((r) => ({
      value: r,
      label: r,
    }));
  }
  const inventory =
    type === 'set'
      ? ['set_in_set', 'minifig_in_set', 'element_in_set']
      : ['minifig_in_set', 'element_in_minifig'];
  return inventory.map((r) => ({ value: r, label: r }));
}
