import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  List,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { JobView } from '../../../contract/jobs';
import { minuteTime } from '../../ui/minuteTime';
import { RetryButton } from './RetryButton';
import { isActive } from './useJobs';
import { KIND_WORDS, STATUS_COLOURS } from './words';

function Failures({ failures }: { failures: JobView['failures'] }) {
  const [open, setOpen] = useState(false);
  if (failures.length === 0) return null;
  return (
    <div>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide' : 'Show'} {failures.length} failed {failures.length === 1 ? 'lot' : 'lots'}
      </Button>
      <Collapse expanded={open}>
        <List size="sm" mt={4}>
          {failures.map((f) => (
            <List.Item key={f.item_id}>
              {f.label}: {f.error}
            </List.Item>
          ))}
        </List>
      </Collapse>
    </div>
  );
}

/**
 * One job: its kind, store and status; for an upload the batch it sends; stage and lots done of
 * total; the error text (a waiting job says why it waits); attempts, times and the failed lots.
 * A failed job has Retry; `onRetried` is called once a job was queued for it.
 */
export function JobCard({ job, onRetried }: { job: JobView; onRetried: () => void }) {
  const kind = KIND_WORDS[job.kind] ?? job.kind;
  const store = job.store_name ?? (job.store_id === null ? 'No store' : 'A removed store');
  const { done, total } = job.progress;
  return (
    <Card withBorder padding="sm" data-testid="job" aria-label={`${kind} job ${job.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{kind}</Text>
            <Text>{store}</Text>
          </Group>
          <Badge color={STATUS_COLOURS[job.status]}>{job.status}</Badge>
        </Group>
        {job.kind === 'upload' && job.sync_batch_id !== null && (
          <Anchor component={Link} to={`/bricksyncer/batch/${job.sync_batch_id}`} size="sm">
            Sync batch {job.sync_batch_id}
          </Anchor>
        )}
        <Group gap="xs" justify="space-between">
          <Text size="sm">{job.stage || '—'}</Text>
          <Text size="sm" c="dimmed">
            {done}/{total}
          </Text>
        </Group>
        <Progress
          value={total > 0 ? (100 * done) / total : 0}
          animated={isActive(job)}
          aria-label={`${done} of ${total} done`}
        />
        {job.error && (
          <Alert color={job.status === 'failed' ? 'red' : 'yellow'} p="xs">
            {job.error}
          </Alert>
        )}
        <Group gap="md">
          {job.status === 'failed' && job.retried_by === null && (
            <RetryButton job={job} onQueued={onRetried} />
          )}
          {job.retried_by !== null && (
            <Text size="xs" c="dimmed" data-testid="retried-by">
              Run again as job {job.retried_by}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Attempts: {job.attempts}
          </Text>
          <Text size="xs" c="dimmed">
            Created {minuteTime(job.created_at)}
          </Text>
          {job.finished_at && (
            <Text size="xs" c="dimmed">
              Finished {minuteTime(job.finished_at)}
            </Text>
          )}
        </Group>
        <Failures failures={job.failures} />
      </Stack>
    </Card>
  );
}
