import { Button } from '@mantine/core';
import type { JobView } from '../../../contract/jobs';
import { api } from '../../api/client';
import { notifySuccess } from '../../ui/notify';
import { useApiCall } from '../../ui/useApiCall';

/** Queues (or finds the queued or running) reading of BrickOwl's colour list with the store. */
function readColours(storeId: number): Promise<{ jobs: JobView[] }> {
  return api.post('v1/brickowl_colours', { json: { store_id: storeId } }).json();
}

/**
 * "Refresh BrickOwl colours" for a BrickOwl store: reads BrickOwl's colour list now (it is read
 * once a day anyway, and by an upload that needs it), as a job the Jobs screen shows. Uploads map
 * each part's BrickLink colour to BrickOwl's through that list.
 */
export function BrickOwlColoursButton({ storeId }: { storeId: number }) {
  const [busy, whileBusy] = useApiCall();
  async function run() {
    await whileBusy(async () => {
      const { jobs } = await readColours(storeId);
      const job = jobs[0];
      notifySuccess(`Reading BrickOwl's colour list: job ${job.id}, ${job.status}`);
    });
  }
  return (
    <Button size="compact-xs" variant="light" loading={busy} onClick={() => void run()}>
      Refresh BrickOwl colours
    </Button>
  );
}
