import { Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { JOB_KINDS, JOB_STATUSES } from '../../../contract/jobs';
import { JOBS_LISTED, type JobKind, type JobStatus } from './api';
import { JobCard } from './JobCard';
import { useJobs } from './useJobs';
import { KIND_WORDS } from './words';

const ALL = 'all';
const KIND_OPTIONS = [
  { value: ALL, label: 'All kinds' },
  ...JOB_KINDS.map((k) => ({ value: k, label: KIND_WORDS[k] })),
];
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...JOB_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) })),
];

/**
 * Jobs: the company's latest background jobs (uploads, order intakes, stock changes sent to the
 * stores), newest first, filtered by kind and status. The list refreshes every 2 s while a job in
 * it is queued or running. A failed job has Retry; the list is read again once it queued a job.
 */
export default function JobsPage() {
  const [kind, setKind] = useState<JobKind | null>(null);
  const [status, setStatus] = useState<JobStatus | null>(null);
  const { jobs, failed, loading, retry, refresh } = useJobs({ kind, status });
  const filtered = kind !== null || status !== null;

  return (
    <Stack>
      <Title order={2}>Jobs</Title>
      <Group gap="sm" align="flex-end">
        <Select
          label="Kind"
          data={KIND_OPTIONS}
          value={kind ?? ALL}
          onChange={(v) => setKind(v && v !== ALL ? (v as JobKind) : null)}
          allowDeselect={false}
          w={180}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? ALL}
          onChange={(v) => setStatus(v && v !== ALL ? (v as JobStatus) : null)}
          allowDeselect={false}
          w={160}
        />
      </Group>
      {loading ? (
        <Loader />
      ) : jobs === null ? (
        <Group>
          <Text>The jobs cannot be read right now.</Text>
          <Button variant="light" onClick={retry}>
            Try again
          </Button>
        </Group>
      ) : jobs.length === 0 ? (
        <Text>{filtered ? 'No jobs of this kind or status' : 'No jobs yet'}</Text>
      ) : (
        <Stack gap="sm">
          {failed && <Text c="orange">The jobs cannot be read right now; trying again.</Text>}
          {jobs.map((j) => (
            <JobCard key={j.id} job={j} onRetried={refresh} />
          ))}
          {jobs.length === JOBS_LISTED && (
            <Text size="sm" c="dimmed">
              The latest {JOBS_LISTED} jobs.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
