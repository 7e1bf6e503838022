import type {
  ColourList,
  MoldInfo,
  TrayEdit,
  TrayList,
  Variant,
  VariantCreate,
} from '../../../contract/batch-trays';
import { api } from '../../api/client';

/** The app's API client (the outbox sends through it). */
export const client = api;

/** The batch trays editor's calls (docs/batch-trays.md); most answer the batch's trays. */

export interface BatchRef {
  projectId: number;
  batchId: number;
}
const q = (b: BatchRef) => ({ project_id: b.projectId, batch_id: b.batchId });

export function fetchTrays(b: BatchRef): Promise<TrayList> {
  return api.get('v1/trays', { searchParams: q(b) }).json();
}

export function setClaim(b: BatchRef, claim: boolean): Promise<TrayList> {
  return api.post('v1/trays/claim', { searchParams: q(b), json: { claim } }).json();
}

export function saveTrays(b: BatchRef, trays: TrayEdit[]): Promise<TrayList> {
  return api.post('v1/trays', { searchParams: q(b), json: { trays }, timeout: 60_000 }).json();
}

/** Sets or clears Accepted of the tray as it was seen (`version`); refused when it changed since. */
export function setAccepted(
  b: BatchRef,
  tray: { tray_id: number; version: number },
  accepted: boolean,
): Promise<TrayList> {
  return api
    .post('v1/trays/accept', {
      searchParams: q(b),
      json: {
        trays: [{ tray_id: tray.tray_id, accepted: accepted ? 1 : 0, version: tray.version }],
      },
    })
    .json();
}

export type TraysAction = 'duplicate' | 'delete' | 'updateprices';

export function traysAction(b: BatchRef, action: TraysAction, items: number[]): Promise<TrayList> {
  const method = action === 'duplicate' ? 'put' : 'post';
  return api[method](`v1/trays/${action}`, { searchParams: q(b), json: { items } }).json();
}

export function splitTrays(
  b: BatchRef,
  body: { name: string; comments: string; items: number[] },
): Promise<TrayList & { new_batch_id: number }> {
  return api.put('v1/trays/split', { searchParams: q(b), json: body }).json();
}

export async function fetchVariants(v: {
  mold_id: number;
  colour_id: number;
  condition: string;
}): Promise<Variant[]> {
  const res: { results: Variant[] } = await api.get('v1/trays/items', { searchParams: v }).json();
  return res.results;
}

export function createVariant(v: VariantCreate): Promise<Variant> {
  return api.put('v1/trays/items', { json: v }).json();
}

export function fetchMoldInfo(moldId: number): Promise<MoldInfo> {
  return api.get('v1/trays/moldinfo', { searchParams: { mold_id: moldId } }).json();
}

export async function fetchColours(): Promise<ColourList['results']> {
  return ((await api.get('v1/trays/colours').json()) as ColourList).results;
}
