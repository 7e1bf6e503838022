import { Button } from '@mantine/core';
import type { JobView } from '../../../contract/jobs';
import { notifySuccess } from '../../ui/notify';
import { retryJob } from './api';
import { KIND_WORDS } from './words';
import { useApiCall } from '../../ui/useApiCall';

/**
 * Retry for a failed job: a new job for the same store (an upload: the same batch) is queued, or
 * the store's job of that kind already waiting or running is answered; the notice names it and
 * `onQueued` lets the list show it. A refusal (the store has no credentials, the batch is already
 * uploaded) is told with the server's message.
 */
export function RetryButton({ job, onQueued }: { job: JobView; onQueued: () => void }) {
  const [busy, whileBusy] = useApiCall();
  async function retry() {
    await whileBusy(async () => {
      const next = await retryJob(job.id);
      const kind = KIND_WORDS[next.kind] ?? next.kind;
      notifySuccess(`${kind} of job ${job.id} retried: job ${next.id}, ${next.status}`);
      onQueued();
    });
  }
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={busy}
      onClick={() => void retry()}
      aria-label={`Retry job ${job.id}`}
    >
      Retry
    </Button>
  );
}
