import { Alert, Badge, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { JobView } from '../../../contract/jobs';
import type { SyncBatchItem } from '../../../contract/sync-batches';
import { fetchJob, storeNames } from './uploadApi';

/** How often the page asks for the jobs while one is queued or running. */
export const UPLOAD_POLL_MS = 2000;

const active = (j: JobView) => j.status === 'queued' || j.status === 'running';
const COLOURS = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;

interface Props {
  jobIds: number[];
  /** The jobs as the upload answered (shown until the first poll). */
  initial?: JobView[];
  items: SyncBatchItem[];
  /** Called once when every job has ended (done or failed). */
  onEnded: () => void;
}

/**
 * The upload of a batch, one block per store's job: status, stage, lots done of total, the error
 * text and the lots that failed with why. Asks again every 2 s while a job is queued or running;
 * "Uploaded" when every store's job is done.
 */
export function UploadProgress({ jobIds, initial, items, onEnded }: Props) {
  const [jobs, setJobs] = useState<JobView[]>(initial ?? []);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [lost, setLost] = useState(false);
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useEffect(() => {
    void storeNames().then(setNames);
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const fresh = await Promise.all(jobIds.map(fetchJob));
        if (stopped) return;
        setJobs(fresh);
        setLost(false);
        if (!fresh.some(active)) return ended.current();
      } catch {
        if (stopped) return;
        setLost(true);
      }
      timer = setTimeout(() => void poll(), UPLOAD_POLL_MS);
    }
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobIds]);

  const itemName = (itemId: number) => {
    const i = items.find((x) => x.item_id === itemId);
    return i ? `${i.mold_name} ${i.colour_name}` : `Item ${itemId}`;
  };
  const allDone = jobs.length > 0 && jobs.every((j) => j.status === 'done');

  return (
    <Stack gap="sm" data-testid="upload-progress">
      <Group>
        <Title order={3}>Upload</Title>
        {allDone && <Badge color="teal">Uploaded</Badge>}
      </Group>
      {lost && (
        <Text c="orange">The upload's progress cannot be read right now; trying again.</Text>
      )}
      {jobs.map((j) => {
        const store = (j.store_id !== null && names.get(j.store_id)) || `Store ${j.store_id}`;
        const { done, total } = j.progress;
        return (
          <Stack key={j.id} gap={4} data-testid="upload-job" aria-label={`Upload to ${store}`}>
            <Group gap="sm">
              <Text fw={500}>{store}</Text>
              <Badge color={COLOURS[j.status]}>{j.status}</Badge>
              {j.status !== 'done' && <Text size="sm">{j.stage}</Text>}
              <Text size="sm" c="dimmed">
                {done}/{total}
              </Text>
            </Group>
            <Progress value={total > 0 ? (100 * done) / total : 0} animated={active(j)} />
            {j.error && (
              <Alert color={j.status === 'failed' ? 'red' : 'yellow'} p="xs">
                {j.error}
              </Alert>
            )}
            {j.failures.length > 0 && (
              <List size="sm">
                {j.failures.map((f) => (
                  <List.Item key={f.item_id}>
                    {itemName(f.item_id)}: {f.error}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
