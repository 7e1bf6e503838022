import { Anchor, Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { batchBsxFileName } from '../../../contract/sync-batch-bsx';
import { showApiError } from '../../ui/notify';
import { fetchBatchBsx } from './api';

/**
 * Export BSX: the batch's lots as a BrickStore file, with every lot field the batch keeps (the
 * server writes it). The file is a Blob URL behind a download link, revoked when replaced or when
 * the page closes.
 */
export function BatchBsxExport({ batchId, name }: { batchId: number; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  async function exportFile() {
    setBusy(true);
    try {
      setUrl(URL.createObjectURL(await fetchBatchBsx(batchId)));
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(false);
    }
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
