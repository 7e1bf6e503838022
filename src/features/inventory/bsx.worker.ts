import { handleExportRequest, type ExportAnswer, type ExportRequest } from './bsxExport';

/** The BSX export worker: one message in (ExportRequest), progress and the file out. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: ExportAnswer): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  if (event.data?.type === 'export') {
    handleExportRequest(event.data, (answer) => scope.postMessage(answer));
  }
};
