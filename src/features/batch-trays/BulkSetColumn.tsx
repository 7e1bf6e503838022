import { ActionIcon, Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TRAY_CONDITIONS, TRAY_STATUSES, type TrayRow } from '../../../contract/batch-trays';
import type { Colour } from './CellEditor';
import { parseCell, resolveVariant } from './cell-values';
import { COLUMNS, conditionLabel } from './columns';
import type { Draft, DraftField } from './grid-model';
import { MouldPickerModal } from './MouldPickerModal';

/** The columns one value can be set for at once (the item follows mould, colour and condition). */
export const BULK_FIELDS = COLUMNS.filter((c) => c.field && c.field !== 'item_id');

/**
 * The drafts `rows` get when `field` is set to the typed `text` for all of them, each as a cell
 * edit would make it: a changed mould, colour or condition looks up the variant again (once per
 * combination). Undefined when the text is not a value of the field.
 */
export async function bulkDrafts(
  rows: readonly TrayRow[],
  field: DraftField,
  text: string,
  draftFor: (row: TrayRow) => Draft,
): Promise<{ row: TrayRow; draft: Draft }[] | undefined> {
  const value = parseCell(field, text);
  if (value === undefined) return undefined;
  const resolves = field === 'mold_id' || field === 'colour_id' || field === 'condition';
  const looked = new Map<string, Promise<Draft>>();
  const out: { row: TrayRow; draft: Draft }[] = [];
  for (const row of rows) {
    let draft: Draft = { ...draftFor(row), [field]: value };
    if (resolves) {
      const key = `${draft.mold_id}|${draft.colour_id}|${draft.condition}|${draft.item_id}`;
      if (!looked.has(key)) looked.set(key, resolveVariant(draft));
      const resolved = await looked.get(key)!;
      draft = { ...draft, item_id: resolved.item_id };
    }
    out.push({ row, draft });
  }
  return out;
}

/**
 * "Set a column for the selected rows": choose a column and a value, then apply it to the
 * selected trays; each becomes a pending edit as if typed into its cell.
 */
export function BulkSetColumn(props: {
  selected: number;
  colours: Colour[];
  busy?: boolean;
  onApply: (field: DraftField, text: string) => Promise<void>;
}) {
  const [field, setField] = useState<DraftField | null>(null);
  const [text, setText] = useState('');
  const [picking, setPicking] = useState(false);
  const [applying, setApplying] = useState(false);
  const options =
    field === 'status'
      ? TRAY_STATUSES.map((s) => ({ value: s, label: s }))
      : field === 'condition'
        ? TRAY_CONDITIONS.map((c) => ({ value: c, label: conditionLabel(c) }))
        : field === 'colour_id'
          ? props.colours.map((c) => ({ value: String(c.id), label: c.name }))
          : null;

  async function apply() {
    if (!field) return;
    setApplying(true);
    try {
      await props.onApply(field, text);
    } finally {
      setApplying(false);
    }
  }

  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <Select
        size="xs"
        w={120}
        aria-label="Column to set"
        placeholder="Set column…"
        data={BULK_FIELDS.map((c) => ({ value: c.field!, label: c.title }))}
        value={field}
        onChange={(v) => {
          setField(v as DraftField | null);
          setText('');
        }}
      />
      {field &&
        (options ? (
          <Select
            size="xs"
            w={150}
            aria-label="Value to set"
            data={options}
            value={text || null}
            searchable={field === 'colour_id'}
            onChange={(v) => setText(v ?? '')}
          />
        ) : (
          <TextInput
            size="xs"
            w={field === 'comments' ? 180 : 110}
            aria-label="Value to set"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            rightSection={
              field === 'mold_id' ? (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label="Find a mould"
                  onClick={() => setPicking(true)}
                >
                  🔍
                </ActionIcon>
              ) : undefined
            }
          />
        ))}
      {field && (
        <Button
          size="xs"
          variant="light"
          loading={applying}
          disabled={props.selected === 0 || props.busy}
          onClick={() => void apply()}
        >
          Apply to {props.selected} selected
        </Button>
      )}
      <MouldPickerModal
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={(m) => {
          setText(String(m.id));
          setPicking(false);
        }}
      />
    </Group>
  );
}
