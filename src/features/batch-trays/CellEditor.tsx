import { useRef, useState, type KeyboardEvent } from 'react';
import { TRAY_CONDITIONS, TRAY_STATUSES } from '../../../contract/batch-trays';
import { conditionLabel } from './columns';
import type { Draft, DraftField } from './grid-model';

export interface Colour {
  id: number;
  name: string;
  hex: string;
}

/** Where the editor goes after a cell: Enter the cell below, Tab the next, Shift+Tab the one before. */
export type Move = 'down' | 'right' | 'left';

const inputStyle = { width: '100%', height: 28, fontSize: 13, boxSizing: 'border-box' } as const;

/** The key's move, if it is one (Enter, Tab, Shift+Tab). */
function moveOf(e: KeyboardEvent): Move | null {
  if (e.key === 'Enter') return 'down';
  if (e.key === 'Tab') return e.shiftKey ? 'left' : 'right';
  return null;
}

/**
 * The inline editor of one cell: a list for status, colour and condition (chosen at once), a
 * text field for the rest. Enter keeps the value and goes to the cell below, Tab to the next cell
 * (Shift+Tab the one before), leaving the field keeps it, Escape drops it. The mould's field has
 * a button for the mould picker.
 */
export function CellEditor(props: {
  field: DraftField;
  draft: Draft;
  colours: Colour[];
  label: string;
  onDone: (text: string | null, move?: Move) => void;
  onPick?: () => void;
}) {
  const { field, draft, colours, label } = props;
  const initial = draft[field] === null ? '' : String(draft[field]);
  const [text, setText] = useState(initial);
  // Once only: the key that ends the edit also takes the field away, which may blur it.
  const finished = useRef(false);
  const done = (value: string | null, move?: Move) => {
    if (finished.current) return;
    finished.current = true;
    props.onDone(value, move);
  };
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
        onChange={(e) => done(e.currentTarget.value)}
        onBlur={() => done(null)}
        onKeyDown={(e) => {
          const move = moveOf(e);
          if (move) {
            e.preventDefault();
            done(null, move);
          } else if (e.key === 'Escape') done(null);
        }}
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
  const input = (
    <input
      aria-label={label}
      autoFocus
      style={inputStyle}
      value={text}
      inputMode={field === 'comments' ? 'text' : 'decimal'}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={(e) => {
        // Going to the picker button is not leaving the cell.
        if (props.onPick && e.relatedTarget?.getAttribute('data-mould-pick')) return;
        done(text === initial ? null : text);
      }}
      onKeyDown={(e) => {
        const move = moveOf(e);
        if (move) {
          e.preventDefault();
          done(text === initial ? null : text, move);
        } else if (e.key === 'Escape') done(null);
      }}
    />
  );
  if (!props.onPick) return input;
  return (
    <div style={{ display: 'flex', width: '100%', gap: 2 }}>
      {input}
      <button
        type="button"
        data-mould-pick="1"
        aria-label="Find a mould"
        title="Find a mould by name or number"
        style={{ height: 28, padding: '0 4px' }}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          finished.current = true;
          props.onPick!();
        }}
      >
        🔍
      </button>
    </div>
  );
}
