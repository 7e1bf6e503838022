import { Button } from '@mantine/core';
import { logFileName } from '../../../contract/admin';
import { api } from '../../api/client';
import { useApiCall } from '../../ui/useApiCall';

/** The file name the server chose (Content-Disposition), or one like it. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]) : fallback;
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /log: saves the newest server log lines as a text file; an admin gets only their company's
 * lines, with tokens scrubbed (docs/access.md).
 */
export function DownloadLogsButton() {
  const [busy, whileBusy] = useApiCall();

  async function download() {
    await whileBusy(async () => {
      const response = await api.get('log');
      const name = fileNameFrom(
        response.headers.get('Content-Disposition'),
        logFileName(new Date()),
      );
      saveFile(await response.blob(), name);
    });
  }

  return (
    <Button variant="default" loading={busy} onClick={() => void download()}>
      Download logs
    </Button>
  );
}
