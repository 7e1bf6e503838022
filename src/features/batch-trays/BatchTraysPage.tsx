import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { TrayRow } from '../../../contract/batch-trays';
import { useSession } from '../../app/session';
import { notifyError, showApiError } from '../../ui/notify';
import { noAnswer } from './offline';
import { CatalogModal } from '../catalog-modal';
import * as api from './api';
import type { Colour } from './CellEditor';
import { ClaimBadge, LeaveGuard, notAcceptedYet } from './ClaimNotes';
import { ExtraInfoModal } from './ExtraInfoModal';
import {
  clickRow,
  draftOf,
  nextSort,
  NO_SELECTION,
  parseMouldId,
  sortRows,
  type Draft,
  type DraftField,
  type Sort,
} from './grid-model';
import { SplitModal } from './SplitModal';
import { TrayGrid } from './TrayGrid';
import { useBatchTrays } from './useBatchTrays';
import { useClaimLease } from './useClaimLease';
import { VariantModal } from './VariantModal';

/** The value typed into a cell, or undefined when it is not one the field takes. */
function parseCell(field: DraftField, text: string): Draft[DraftField] | undefined {
  const t = text.trim();
  switch (field) {
    case 'mold_id':
      return t === '' ? null : (parseMouldId(t) ?? undefined);
    case 'colour_id':
    case 'item_id':
      return t === '' ? null : /^\d+$/.test(t) ? Number(t) : undefined;
    case 'quantity':
      return /^\d{1,7}$/.test(t) ? Number(t) : undefined;
    case 'price': {
      // Kept to the thousandth of a euro, as the server stores it (0,1334 is 0.133).
      const n = Number(t.replace(',', '.'));
      return t !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) / 1000 : undefined;
    }
    case 'condition':
      return t === '' ? null : (t as Draft['condition']);
    case 'status':
      return t as Draft['status'];
    default:
      return text;
  }
}

/** Mould, colour or condition changed: keep the item if it still matches, else its first variant. */
async function resolveVariant(d: Draft): Promise<Draft> {
  if (d.mold_id === null || d.colour_id === null || d.condition === null)
    return { ...d, item_id: null };
  const variants = await api.fetchVariants({
    mold_id: d.mold_id,
    colour_id: d.colour_id,
    condition: d.condition,
  });
  const keep = variants.some((v) => v.item_id === d.item_id);
  return { ...d, item_id: keep ? d.item_id : (variants[0]?.item_id ?? null) };
}

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

  async function startEdit(row: TrayRow, field: DraftField) {
    // With the mould-catalog toggle on, a double-click on a mould opens it in the catalog.
    if (field === 'mold_id' && mouldCatalog) return setCatalog({ moldId: draftFor(row).mold_id });
    if (!(await t.ensureClaim())) return;
    if (field === 'item_id') setVariantOf({ row, draft: draftFor(row) });
    else setEditing({ trayId: row.tray_id, field });
  }

  async function finishEdit(row: TrayRow, field: DraftField, text: string | null) {
    setEditing(null);
    if (text === null) return t.cancelEdit();
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
  }

  async function run(action: api.TraysAction) {
    if (chosen.length === 0) return notifyError('Select one or more trays first');
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
        <Text size="sm" c="dimmed">
          {t.list.results.length} trays, {chosen.length} selected, {pendingCount} changed
        </Text>
      </Group>
      {pendingCount > 0 && (
        <Text size="sm" c="orange" role="status">
          {notAcceptedYet(pendingCount)}
        </Text>
      )}
      <LeaveGuard pending={pendingCount} />
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
        onEditDone={(row, field, text) => void finishEdit(row, field, text)}
        onToggleAccepted={(row) => void t.toggleAccepted(row)}
        onInfo={setInfo}
        onAccept={(id) => void t.accept([id])}
        onDeny={(id) => void t.deny([id])}
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
