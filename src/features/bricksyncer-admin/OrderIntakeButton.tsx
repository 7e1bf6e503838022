import { Button } from '@mantine/core';
import type { JobView } from '../../../contract/jobs';
import { api } from '../../api/client';
import { notifySuccess } from '../../ui/notify';
import { useApiCall } from '../../ui/useApiCall';

/** Queues (or finds the queued or running) intake of the store's new orders. */
function importOrders(storeId: number): Promise<JobView> {
  return api.post('v1/order_intake', { json: { store_id: storeId } }).json();
}

/**
 * "Import orders now" for one store: the intake runs in the background as a job
 * (docs/marketplaces.md); the notice names the job and where it stands. A store without complete
 * credentials is refused with the server's message.
 */
export function OrderIntakeButton({ storeId, storeName }: { storeId: number; storeName: string }) {
  const [busy, whileBusy] = useApiCall();
  async function run() {
    await whileBusy(async () => {
      const job = await importOrders(storeId);
      notifySuccess(`Importing the orders of ${storeName}: job ${job.id}, ${job.status}`);
    });
  }
  return (
    <Button size="compact-xs" variant="light" loading={busy} onClick={() => void run()}>
      Import orders now
    </Button>
  );
}
