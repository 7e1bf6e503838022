import { Anchor, Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { batchBsxFileName } from '../../../contract/sync-batch-bsx';
import { fetchBatchBsx } from './api';
import { useApiCall } from '../../ui/useApiCall';

/**
 * Export BSX: the batch's lots as a BrickStore file, with every lot field the batch keeps (the
 * server writes it). The file is a Blob URL behind a download link, revoked when replaced or when
 * the page closes.
 */
export function BatchBsxExport({ batchId, name }: { batchId: number; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, whileBusy] = useApiCall();
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  async function exportFile() {
    await whileBusy(async () => {
      setUrl(URL.createObjectURL(await fetchBatchBsx(batchId)));
    });
  }

  const file = batchBsxFileName(name);
  return (
    <Group>
      <Button variant="default" onClick={() => void exportFile()} loading={busy}>
        Export BSX
      </Button>
      {url && (
        <Anchor href={url} download={file}>
          Download {file}
        </Anchor>
      )}
    </Group>
  );
}
