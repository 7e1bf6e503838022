import { useState } from 'react';
import { TRAY_CONDITIONS, TRAY_STATUSES } from '../../../contract/batch-trays';
import { conditionLabel } from './columns';
import type { Draft, DraftField } from './grid-model';

export interface Colour {
  id: number;
  name: string;
  hex: string;
}

const inputStyle = { width: '100%', height: 28, fontSize: 13, boxSizing: 'border-box' } as const;

/**
 * The inline editor of one cell: a list for status, colour and condition (chosen at once), a
 * text field for the rest (Enter or leaving the field keeps it, Escape drops it).
 */
export function CellEditor(props: {
  field: DraftField;
  draft: Draft;
  colours: Colour[];
  label: string;
  onDone: (text: string | null) => void;
}) {
  const { field, draft, colours, label, onDone } = props;
  const initial = draft[field] === null ? '' : String(draft[field]);
  const [text, setText] = useState(initial);
  if (field === 'status' || field === 'condition' || field === 'colour_id') {
    const options =
      field === 'status'
        ? TRAY_STATUSES.map((s) => [s, s])
        : field === 'condition'
          ? TRAY_CONDITIONS.map((c) => [c, conditionLabel(c)])
          : colours.map((c) => [String(c.id), c.name]);
    return (
      <select
        aria-label={label}
        autoFocus
        style={inputStyle}
        value={initial}
        onChange={(e) => onDone(e.currentTarget.value)}
        onBlur={() => onDone(null)}
        onKeyDown={(e) => e.key === 'Escape' && onDone(null)}
      >
        {initial === '' && <option value="">—</option>}
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      aria-label={label}
      autoFocus
      style={inputStyle}
      value={text}
      inputMode={field === 'comments' ? 'text' : 'decimal'}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => onDone(text === initial ? null : text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onDone(text === initial ? null : text);
        if (e.key === 'Escape') onDone(null);
      }}
    />
  );
}
