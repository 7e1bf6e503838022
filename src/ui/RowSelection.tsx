import { Checkbox } from '@mantine/core';
import { useCallback, useState } from 'react';

/** The rows of a table ticked by their checkboxes, by the rows' keys. */
export function useRowSelection<K>() {
  const [selected, setSelected] = useState<ReadonlySet<K>>(new Set());
  /** Ticks (`on`) or unticks the row of `key`. */
  const select = useCallback(
    (key: K, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  return { selected, setSelected, select };
}

interface SelectAllProps<K> {
  /** The keys of the rows shown. */
  keys: readonly K[];
  selected: ReadonlySet<K>;
  onChange: (selected: ReadonlySet<K>) => void;
}

/** The header checkbox: ticks every row shown or none, and shows when only some are ticked. */
export function SelectAllCheckbox<K>({ keys, selected, onChange }: SelectAllProps<K>) {
  return (
    <Checkbox
      aria-label="Select all"
      checked={keys.length > 0 && selected.size === keys.length}
      indeterminate={selected.size > 0 && selected.size < keys.length}
      onChange={(e) => onChange(new Set(e.currentTarget.checked ? keys : []))}
    />
  );
}
