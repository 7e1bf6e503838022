import { bsxChunks, type BsxConditionMap, type BsxSourceItem } from '../../../contract/bsx/write';

/**
 * The message protocol of the BSX export worker (bsx.worker.ts) and its handler, kept free of the
 * worker global so tests call it directly. The page hands over the raw GET /v1/inventory answer
 * (an ArrayBuffer, transferred, not copied); decoding, JSON parsing and writing the file all happen
 * off the main thread. The file comes back as one Blob built from the writer's chunks.
 */

export interface ExportRequest {
  type: 'export';
  /** Echoed in every answer, so a late answer of an earlier run can be ignored. */
  id: number;
  /** The body of GET /v1/inventory: `{results: InventoryItem[], count}` as UTF-8 JSON. */
  inventory: ArrayBuffer;
  /** condition_name -> N or U, as the user chose. */
  conditions: BsxConditionMap;
  /** Lots per written chunk and per progress message (default 2000). */
  lotsPerChunk?: number;
}

export type ExportAnswer =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'done'; id: number; file: Blob; lots: number }
  | { type: 'error'; id: number; message: string };

export const BSX_MIME = 'application/xml';
export const INVENTORY_UNREADABLE = 'The inventory could not be read for the export.';

function readLots(inventory: ArrayBuffer): BsxSourceItem[] {
  const body: unknown = JSON.parse(new TextDecoder().decode(inventory));
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new Error(INVENTORY_UNREADABLE);
  return results as BsxSourceItem[];
}

/** Runs one export, posting progress after every chunk and then the file (or the error). */
export function handleExportRequest(
  request: ExportRequest,
  post: (answer: ExportAnswer) => void,
): void {
  const { id } = request;
  try {
    const lots = readLots(request.inventory);
    const total = lots.length;
    const per = Math.max(1, Math.floor(request.lotsPerChunk ?? 2000));
    let done = 0;
    function* counted(): Generator<BsxSourceItem> {
      for (const lot of lots) {
        done++;
        yield lot;
      }
    }
    post({ type: 'progress', id, done: 0, total });
    const parts: string[] = [];
    let reported = 0;
    for (const chunk of bsxChunks(counted(), request.conditions, { lotsPerChunk: per })) {
      parts.push(chunk);
      if (done !== reported) {
        reported = done;
        post({ type: 'progress', id, done, total });
      }
    }
    post({ type: 'done', id, file: new Blob(parts, { type: BSX_MIME }), lots: total });
  } catch (error) {
    const message =
      error instanceof SyntaxError
        ? INVENTORY_UNREADABLE
        : error instanceof Error
          ? error.message
          : String(error);
    post({ type: 'error', id, message });
  }
}
