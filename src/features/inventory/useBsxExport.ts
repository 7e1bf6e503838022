import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { BsxCondition } from '../../../contract/bsx/write';
import type { Condition } from '../../../contract/inventory';
import { notifyError, showApiError } from '../../ui/notify';
import { fetchInventoryBody } from './api';
import type { ExportAnswer, ExportRequest } from './bsxExport';
import { allChosen, conditionMap, exportReducer, initialExportState } from './exportState';

export const EXPORT_FAILED = 'The BSX file could not be made.';

function createExportWorker(): Worker {
  return new Worker(new URL('./bsx.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Convert to BSX: fetches the whole inventory (the network read does not block the page), hands
 * the raw body to a Web Worker that parses it and writes the file in chunks, and shows progress.
 * The finished file is a Blob URL, revoked when it is replaced or the page closes.
 */
export function useBsxExport() {
  const [state, dispatch] = useReducer(exportReducer, initialExportState);
  const worker = useRef<Worker | null>(null);
  const run = useRef(0);

  const url = state.phase.kind === 'ready' ? state.phase.url : null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  useEffect(
    () => () => {
      run.current++;
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const setConditions = useCallback(
    (conditions: Condition[]) => dispatch({ type: 'conditionsLoaded', conditions }),
    [],
  );
  const choose = useCallback(
    (conditionName: string, choice: BsxCondition) =>
      dispatch({ type: 'choose', conditionName, choice }),
    [],
  );

  function onAnswer(answer: ExportAnswer) {
    if (answer.id !== run.current) return;
    if (answer.type === 'progress') {
      dispatch({ type: 'progress', done: answer.done, total: answer.total });
    } else if (answer.type === 'done') {
      dispatch({ type: 'ready', url: URL.createObjectURL(answer.file), lots: answer.lots });
    } else {
      dispatch({ type: 'failed', message: answer.message });
      notifyError(`Error: ${answer.message}`);
    }
  }

  async function convert() {
    if (!allChosen(state) || state.phase.kind === 'converting') return;
    const id = ++run.current;
    const conditions = conditionMap(state);
    dispatch({ type: 'start' });
    let inventory: ArrayBuffer;
    try {
      inventory = await fetchInventoryBody();
    } catch (error) {
      if (id !== run.current) return;
      dispatch({ type: 'failed', message: EXPORT_FAILED });
      await showApiError(error);
      return;
    }
    if (id !== run.current) return;
    const w = (worker.current ??= createExportWorker());
    w.onmessage = (event: MessageEvent<ExportAnswer>) => onAnswer(event.data);
    w.onerror = (event) => {
      event.preventDefault();
      worker.current?.terminate();
      worker.current = null;
      dispatch({ type: 'failed', message: EXPORT_FAILED });
      notifyError(EXPORT_FAILED);
    };
    const request: ExportRequest = { type: 'export', id, inventory, conditions };
    w.postMessage(request, [inventory]);
  }

  return { state, setConditions, choose, convert: () => void convert() };
}
