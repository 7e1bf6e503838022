import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { TrayRow } from '../../../contract/batch-trays';
import { useSession } from '../../app/session';
import { LeaveGuard } from '../../ui/LeaveGuard';
import { notifyError, showApiError } from '../../ui/notify';
import { noAnswer } from './offline';
import { CatalogModal } from '../catalog-modal';
import * as api from './api';
import { BulkSetColumn, bulkDrafts } from './BulkSetColumn';
import type { Colour, Move } from './CellEditor';
import { parseCell, resolveVariant } from './cell-values';
import { FIELD_ORDER } from './columns';
import { splitDetail, trayNumbers, useConfirmedActions } from './ConfirmActions';
import { ClaimBadge, notAcceptedYet } from './ClaimNotes';
import { ExtraInfoModal } from './ExtraInfoModal';
import {
  clickRow,
  draftOf,
  nextSort,
  NO_SELECTION,
  sortRows,
  type Draft,
  type DraftField,
  type Sort,
} from './grid-model';
import { MouldPickerModal } from './MouldPickerModal';
import { SplitModal } from './SplitModal';
import { TrayGrid } from './TrayGrid';
import { TrayPriceGuide } from './TrayPriceGuide';
import { useBatchTrays } from './useBatchTrays';
import { useClaimLease } from './useClaimLease';
import { VariantModal } from './VariantModal';

/** The batch trays editor at /projects/:projectid/:batchid (docs/batch-trays.md). */
export default function BatchTraysPage() {
  const params = useParams();
  const ref = useMemo(
    () => ({ projectId: Number(params.projectid), batchId: Number(params.batchid) }),
    [params.projectid, params.batchid],
  );
  const isManager = useSession((s) => s.flags.digibrick_manager);
  const t = useBatchTrays(ref);
  useClaimLease(ref, t.list, t.showClaim);
  const [sort, setSort] = useState<Sort>({ key: 'tray_nr', dir: 'asc' });
  const [sel, setSel] = useState(NO_SELECTION);
  const [editing, setEditing] = useState<{ trayId: number; field: DraftField } | null>(null);
  const [colours, setColours] = useState<Colour[]>([]);
  const [info, setInfo] = useState<TrayRow | null>(null);
  const [variantOf, setVariantOf] = useState<{ row: TrayRow; draft: Draft } | null>(null);
  const [splitting, setSplitting] = useState(false);
  /** The catalog modal: closed, open on its list (null) or on a mould. */
  const [catalog, setCatalog] = useState<{ moldId: number | null } | null>(null);
  const [mouldCatalog, setMouldCatalog] = useState(false);
  /** The row whose mould is being chosen in the mould picker. */
  const [mouldFor, setMouldFor] = useState<TrayRow | null>(null);

  useEffect(() => {
    // Without a network the editor goes on with the rows' own colours: nothing to tell.
    api
      .fetchColours()
      .then(setColours)
      .catch((error) => (noAnswer(error) ? undefined : showApiError(error)));
  }, []);
  const rows = useMemo(() => sortRows(t.list?.results ?? [], sort), [t.list, sort]);
  const order = useMemo(() => rows.map((r) => r.tray_id), [rows]);
  const chosen = order.filter((id) => sel.ids.has(id));
  const draftFor = (row: TrayRow) => t.pending.get(row.tray_id) ?? draftOf(row);
  const confirmed = useConfirmedActions({
    batch: ref,
    pending: t.pending,
    change: t.change,
    onDone: () => setSel(NO_SELECTION),
  });

  async function startEdit(row: TrayRow, field: DraftField) {
    // With the mould-catalog toggle on, a double-click on a mould opens it in the catalog.
    if (field === 'mold_id' && mouldCatalog) return setCatalog({ moldId: draftFor(row).mold_id });
    if (!(await t.ensureClaim())) return;
    if (field === 'item_id') setVariantOf({ row, draft: draftFor(row) });
    else setEditing({ trayId: row.tray_id, field });
  }

  /** The cell after (row, field) in the direction of `move`; Tab skips the variant modal's Item. */
  function nextCell(row: TrayRow, field: DraftField, move: Move) {
    if (move === 'down') {
      const below = rows[rows.findIndex((r) => r.tray_id === row.tray_id) + 1];
      return below ? { trayId: below.tray_id, field } : null;
    }
    const fields: DraftField[] = FIELD_ORDER.filter((f) => f !== 'item_id');
    const next = fields[fields.indexOf(field) + (move === 'right' ? 1 : -1)];
    return next ? { trayId: row.tray_id, field: next } : null;
  }

  async function finishEdit(row: TrayRow, field: DraftField, text: string | null, move?: Move) {
    setEditing(null);
    const goOn = () => move && setEditing(nextCell(row, field, move));
    if (text === null) return move ? goOn() : t.cancelEdit();
    const value = parseCell(field, text);
    if (value === undefined) return notifyError(`Not a valid ${field.replace('_id', '')}: ${text}`);
    let draft: Draft = { ...draftFor(row), [field]: value };
    if (field === 'mold_id' || field === 'colour_id' || field === 'condition') {
      try {
        draft = await resolveVariant(draft);
      } catch (error) {
        return showApiError(error);
      }
    }
    await t.edit(row, draft);
    goOn();
  }

  /** Sets `field` to the value `text` on every chosen tray, each a pending edit as if typed. */
  async function setColumn(field: DraftField, text: string) {
    const chosenRows = rows.filter((r) => sel.ids.has(r.tray_id));
    if (chosenRows.length === 0) return notifyError('Select one or more trays first');
    if (!(await t.ensureClaim())) return;
    try {
      const edits = await bulkDrafts(chosenRows, field, text, draftFor);
      if (!edits) return notifyError(`Not a valid ${field.replace('_id', '')}: ${text}`);
      for (const e of edits) await t.edit(e.row, e.draft);
    } catch (error) {
      await showApiError(error);
    }
  }

  async function run(action: api.TraysAction) {
    if (chosen.length === 0) return notifyError('Select one or more trays first');
    if (action !== 'duplicate')
      return confirmed.ask(
        action,
        rows.filter((r) => sel.ids.has(r.tray_id)),
      );
    if (await t.change(() => api.traysAction(ref, action, chosen))) setSel(NO_SELECTION);
  }

  async function split(name: string, comments: string): Promise<string | null> {
    let refused: string | null = null;
    const ok = await t.change(async () => {
      try {
        return await api.splitTrays(ref, { name, comments, items: chosen });
      } catch (error) {
        refused = await readDetail(error);
        throw error;
      }
    });
    if (ok) {
      setSplitting(false);
      setSel(NO_SELECTION);
    }
    return ok ? null : (refused ?? 'The trays were not split');
  }

  if (t.list === null) return <Loader />;
  const pendingCount = t.pending.size;
  const noVariant = rows.filter((r) => draftFor(r).item_id === null);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={2}>{t.list.batch_name}</Title>
          <Text c="dimmed">{t.list.project_name}</Text>
        </div>
        <Group>
          <ClaimBadge claim={t.list} />
          <Button component={Link} to={`/projects/${ref.projectId}`} variant="default">
            Back to the batches
          </Button>
        </Group>
      </Group>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setCatalog({ moldId: null })}>
          Open catalog
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            chosen.length ? setSplitting(true) : notifyError('Select one or more trays first')
          }
        >
          Split items
        </Button>
        <Button size="xs" variant="light" onClick={() => void run('duplicate')}>
          Duplicate items
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => void run('delete')}>
          Delete items
        </Button>
        <Button size="xs" variant="light" onClick={() => void run('updateprices')}>
          Update prices
        </Button>
        <TrayPriceGuide
          rows={rows.filter((r) => sel.ids.has(r.tray_id))}
          draftFor={draftFor}
          onPrices={async (prices) => {
            if (!(await t.ensureClaim())) return false;
            for (const p of prices) t.edit(p.row, { ...draftFor(p.row), price: p.price });
            return true;
          }}
        />
        <Button
          size="xs"
          color="green"
          disabled={pendingCount === 0 || t.busy}
          onClick={() => void t.accept()}
        >
          Accept all changes
        </Button>
        <Button
          size="xs"
          color="red"
          disabled={pendingCount === 0 || t.busy}
          onClick={() => void t.deny()}
        >
          Deny all changes
        </Button>
        <BulkSetColumn
          selected={chosen.length}
          colours={colours}
          busy={t.busy}
          onApply={setColumn}
        />
        <Text size="sm" c="dimmed">
          {t.list.results.length} trays, {chosen.length} selected, {pendingCount} changed
        </Text>
      </Group>
      {noVariant.length > 0 && (
        <Alert color="orange" py={6} role="status" aria-label="Trays without a variant">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {noVariant.length === 1 ? '1 tray needs' : `${noVariant.length} trays need`} a variant
              before the batch can be ready for filling: {trayNumbers(noVariant)}.
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              onClick={() => void startEdit(noVariant[0]!, 'item_id')}
            >
              Choose a variant
            </Button>
          </Group>
        </Alert>
      )}
      {pendingCount > 0 && (
        <Text size="sm" c="orange" role="status">
          {notAcceptedYet(pendingCount)}
        </Text>
      )}
      {/* The edits stay on this device whether the editor is left or not. */}
      <LeaveGuard
        active={pendingCount > 0}
        title="Leave the editor?"
        message={`${notAcceptedYet(pendingCount)}. They stay on this device, but nobody else sees them until you accept them.`}
      />
      <TrayGrid
        rows={rows}
        pending={t.pending}
        queued={t.queued}
        selected={sel.ids}
        sort={sort}
        editing={editing}
        colours={colours}
        isManager={isManager}
        mouldCatalog={mouldCatalog}
        onMouldCatalog={setMouldCatalog}
        onSort={(c) => c.sort && setSort((s) => nextSort(s, c.sort!))}
        onRowClick={(id, e: MouseEvent) =>
          setSel((s) => clickRow(s, order, id, { ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey }))
        }
        onCellDoubleClick={(row, field) => void startEdit(row, field)}
        onEditDone={(row, field, text, move) => void finishEdit(row, field, text, move)}
        onPickMould={(row) => {
          setEditing(null);
          setMouldFor(row);
        }}
        onToggleAccepted={(row) => void t.toggleAccepted(row)}
        onInfo={setInfo}
        onAccept={(id) => void t.accept([id])}
        onDeny={(id) => void t.deny([id])}
      />
      {confirmed.modal}
      <MouldPickerModal
        opened={mouldFor !== null}
        title={mouldFor ? `Mould of tray ${mouldFor.tray_nr}` : undefined}
        onClose={() => {
          setMouldFor(null);
          t.cancelEdit();
        }}
        onPick={(m) => {
          const row = mouldFor;
          setMouldFor(null);
          if (row) void finishEdit(row, 'mold_id', String(m.id));
        }}
      />
      <ExtraInfoModal tray={info} onClose={() => setInfo(null)} />
      <VariantModal
        draft={variantOf?.draft ?? null}
        onClose={() => setVariantOf(null)}
        onChoose={(itemId) => {
          if (variantOf) void t.edit(variantOf.row, { ...variantOf.draft, item_id: itemId });
          setVariantOf(null);
        }}
      />
      <CatalogModal
        opened={catalog !== null}
        moldId={catalog?.moldId ?? null}
        onClose={() => setCatalog(null)}
        onAdd={(items) => void t.addFromCatalog(items)}
      />
      <SplitModal
        opened={splitting}
        count={chosen.length}
        detail={splitDetail(
          rows.filter((r) => sel.ids.has(r.tray_id)),
          t.pending,
        )}
        onClose={() => setSplitting(false)}
        onSplit={split}
      />
    </Stack>
  );
}

async function readDetail(error: unknown): Promise<string | null> {
  const res = (error as { response?: Response }).response;
  if (!res || res.status !== 400) return null;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { errors?: { detail: string }[] } | null;
  return body?.errors?.[0]?.detail ?? null;
}
