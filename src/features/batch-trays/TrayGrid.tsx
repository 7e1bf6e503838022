import { ActionIcon, Badge, Box, Button, Checkbox, Group, Switch, Text } from '@mantine/core';
import { memo, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { TrayRow } from '../../../contract/batch-trays';
import { CellEditor, type Colour, type Move } from './CellEditor';
import { COLUMNS, GRID_MIN_WIDTH, GRID_TEMPLATE, fieldText } from './columns';
import { useMouldHover } from './MouldHover';
import { changedFields, draftOf, type Draft, type DraftField, type Sort } from './grid-model';

export const ROW_HEIGHT = 36;
/** Cells fill the row's height, so an empty cell can still be double-clicked. */
const CELL_STYLE = {
  padding: '0 6px',
  overflow: 'hidden',
  height: '100%',
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
} as const;
/** Rows drawn above and below the visible ones, so scrolling shows no gaps. */
const OVERSCAN = 10;

export interface GridProps {
  rows: TrayRow[];
  pending: ReadonlyMap<number, Draft>;
  /** Accepted offline, in the outbox: shown as the tray's values until the server has them. */
  queued: ReadonlyMap<number, Draft>;
  selected: ReadonlySet<number>;
  sort: Sort;
  editing: { trayId: number; field: DraftField } | null;
  colours: Colour[];
  isManager: boolean;
  /** The toggle beside Mold ID: a double-click on a mould opens it in the catalog. */
  mouldCatalog: boolean;
  onMouldCatalog: (on: boolean) => void;
  onSort: (c: (typeof COLUMNS)[number]) => void;
  onRowClick: (id: number, e: MouseEvent) => void;
  onCellDoubleClick: (row: TrayRow, field: DraftField) => void;
  /** An edit finished: the text (null: given up) and where to go next (Enter: down, Tab: right). */
  onEditDone: (row: TrayRow, field: DraftField, text: string | null, move?: Move) => void;
  /** The mould picker for the mould being edited. */
  onPickMould?: (row: TrayRow) => void;
  onToggleAccepted: (row: TrayRow) => void;
  onInfo: (row: TrayRow) => void;
  onAccept: (id: number) => void;
  onDeny: (id: number) => void;
}

/**
 * The spreadsheet: a sticky header that sorts on click and only the rows in view (and a few
 * around them) drawn, so thousands of trays scroll smoothly.
 */
export function TrayGrid(props: GridProps) {
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(600);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && el.clientHeight > 0) setHeight(el.clientHeight);
  }, []);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(props.rows.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  const colourName = (id: number) => props.colours.find((c) => c.id === id)?.name;
  // The cell being edited is drawn: scroll its row into view (Enter moves down past the bottom).
  const editIndex = props.editing
    ? props.rows.findIndex((r) => r.tray_id === props.editing!.trayId)
    : -1;
  useEffect(() => {
    const el = box.current;
    if (!el || editIndex < 0) return;
    const rowTop = editIndex * ROW_HEIGHT;
    const header = ROW_HEIGHT;
    if (rowTop < el.scrollTop) el.scrollTop = rowTop;
    else if (rowTop + ROW_HEIGHT + header > el.scrollTop + el.clientHeight)
      el.scrollTop = rowTop + ROW_HEIGHT + header - el.clientHeight;
    setTop(el.scrollTop);
  }, [editIndex]);
  const hover = useMouldHover();
  return (
    <>
      {hover.card}
      <Box
        ref={box}
        role="grid"
        aria-label="Trays"
        aria-rowcount={props.rows.length + 1}
        onScroll={(e) => setTop(e.currentTarget.scrollTop)}
        style={{
          height: 'calc(100vh - 240px)',
          minHeight: 360,
          overflow: 'auto',
          border: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <div
          role="row"
          style={{
            display: 'grid',
            gridTemplateColumns: GRID_TEMPLATE,
            position: 'sticky',
            top: 0,
            zIndex: 2,
            background: 'var(--mantine-color-body)',
            borderBottom: '1px solid var(--mantine-color-gray-4)',
            minWidth: GRID_MIN_WIDTH,
          }}
        >
          {COLUMNS.map((c) => (
            <div
              key={c.id}
              role="columnheader"
              aria-sort={ariaSort(props.sort, c.sort)}
              style={{
                padding: 2,
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                minWidth: 0,
                overflow: 'hidden',
              }}
            >
              {c.sort ? (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  px={4}
                  title={c.title}
                  onClick={() => props.onSort(c)}
                >
                  {c.title}
                  {props.sort.key === c.sort ? (props.sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                </Button>
              ) : (
                <Text size="xs" fw={600} p={4} truncate>
                  {c.title}
                </Text>
              )}
              {c.id === 'mold' && (
                <Switch
                  size="xs"
                  aria-label="Open moulds in the catalog"
                  title="Double-click a mould to open it in the catalog"
                  checked={props.mouldCatalog}
                  onChange={(e) => props.onMouldCatalog(e.currentTarget.checked)}
                />
              )}
            </div>
          ))}
        </div>
        <div
          style={{
            position: 'relative',
            height: props.rows.length * ROW_HEIGHT,
            minWidth: GRID_MIN_WIDTH,
          }}
        >
          {props.rows.slice(first, last).map((row, i) => (
            <GridRow
              key={row.tray_id}
              {...props}
              row={row}
              index={first + i}
              draft={props.pending.get(row.tray_id)}
              queuedDraft={props.queued.get(row.tray_id)}
              isSelected={props.selected.has(row.tray_id)}
              editField={props.editing?.trayId === row.tray_id ? props.editing.field : null}
              colourName={colourName}
              onMouldEnter={hover.enter}
              onMouldLeave={hover.leave}
            />
          ))}
        </div>
      </Box>
    </>
  );
}

function ariaSort(s: Sort, key: string | undefined) {
  if (!key || s.key !== key) return undefined;
  return s.dir === 'asc' ? 'ascending' : 'descending';
}

type RowProps = GridProps & {
  row: TrayRow;
  index: number;
  draft: Draft | undefined;
  queuedDraft: Draft | undefined;
  isSelected: boolean;
  editField: DraftField | null;
  colourName: (id: number) => string | undefined;
  onMouldEnter: (moldId: number | null, el: HTMLElement) => void;
  onMouldLeave: () => void;
};

const GridRow = memo(function GridRow(p: RowProps) {
  const { row, draft } = p;
  const changed = changedFields(row, draft ?? p.queuedDraft);
  const shown = draft ?? p.queuedDraft ?? draftOf(row);
  const saved = draftOf(row);
  const cell = (field: DraftField) => {
    if (p.editField === field)
      return (
        <CellEditor
          field={field}
          draft={shown}
          colours={p.colours}
          label={`${field} of tray ${row.tray_nr}`}
          onDone={(text, move) => p.onEditDone(row, field, text, move)}
          onPick={field === 'mold_id' && p.onPickMould ? () => p.onPickMould!(row) : undefined}
        />
      );
    const now = fieldText(field, shown, row, p.colourName);
    if (field === 'item_id' && shown.item_id === null && !changed.has(field))
      return (
        <Badge color="orange" variant="light" size="sm" title="Double-click to choose a variant">
          needs a variant
        </Badge>
      );
    if (!changed.has(field))
      return (
        <Text size="sm" truncate w="100%">
          {now}
        </Text>
      );
    const was = fieldText(field, saved, row, p.colourName);
    return (
      <Text size="sm" truncate w="100%" title={`saved: ${was}`}>
        <s style={{ color: 'var(--mantine-color-dimmed)' }}>{was || '—'}</s>{' '}
        <b style={{ color: 'var(--mantine-color-orange-8)' }}>{now || '—'}</b>
      </Text>
    );
  };
  return (
    <div
      role="row"
      aria-rowindex={p.index + 2}
      aria-selected={p.isSelected}
      aria-label={`tray ${row.tray_nr}`}
      data-changed={changed.size > 0 || undefined}
      onClick={(e) => p.onRowClick(row.tray_id, e)}
      style={{
        position: 'absolute',
        top: p.index * ROW_HEIGHT,
        height: ROW_HEIGHT,
        left: 0,
        right: 0,
        display: 'grid',
        gridTemplateColumns: GRID_TEMPLATE,
        userSelect: 'none',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: p.isSelected
          ? 'var(--mantine-color-blue-1)'
          : changed.size > 0
            ? 'var(--mantine-color-yellow-0)'
            : undefined,
      }}
    >
      {COLUMNS.map((c) => (
        <div
          key={c.id}
          role="gridcell"
          style={CELL_STYLE}
          onDoubleClick={c.field ? () => p.onCellDoubleClick(row, c.field!) : undefined}
        >
          {c.id === 'nr' && <Text size="sm">{row.tray_nr}</Text>}
          {c.id === 'accepted' && (
            <Checkbox
              aria-label={`accepted tray ${row.tray_nr}`}
              checked={row.accepted === 1}
              disabled={!p.isManager}
              onClick={(e) => e.stopPropagation()}
              onChange={() => p.onToggleAccepted(row)}
            />
          )}
          {c.id === 'mold' ? (
            <div
              style={{ width: '100%' }}
              onMouseEnter={(e) => p.onMouldEnter(shown.mold_id, e.currentTarget)}
              onMouseLeave={p.onMouldLeave}
            >
              {cell('mold_id')}
            </div>
          ) : (
            c.field && cell(c.field)
          )}
          {c.id === 'info' && (
            <ActionIcon
              variant="subtle"
              aria-label={`info of tray ${row.tray_nr}`}
              onClick={(e) => {
                e.stopPropagation();
                p.onInfo(row);
              }}
            >
              ⓘ
            </ActionIcon>
          )}
          {c.id === 'changes' && !draft && p.queuedDraft && (
            <Badge color="gray" variant="light">
              not sent yet
            </Badge>
          )}
          {c.id === 'changes' && draft && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                color="green"
                onClick={(e) => (e.stopPropagation(), p.onAccept(row.tray_id))}
              >
                Accept
              </Button>
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                onClick={(e) => (e.stopPropagation(), p.onDeny(row.tray_id))}
              >
                Deny
              </Button>
            </Group>
          )}
        </div>
      ))}
    </div>
  );
});
