import { useEffect, useState } from 'react';
import type { JobView } from '../../../contract/jobs';
import { showApiError } from '../../ui/notify';
import { fetchJobs, type JobFilter } from './api';

/** How often the screen asks again while a listed job is queued or running. */
export const JOBS_POLL_MS = 2000;

export const isActive = (j: JobView) => j.status === 'queued' || j.status === 'running';

interface Answer {
  key: string;
  jobs: JobView[] | null;
  /** The last read failed (the user was told in a notice). */
  failed: boolean;
}

/**
 * The latest jobs for the filter: read once, then again every 2 s while any listed job is queued
 * or running. Stops asking when none is, when the filter changes and when the screen closes. A
 * failed read is told once in a notice (not every 2 s); `retry` reads again. `refresh` reads again
 * with the list still shown, and goes on every 2 s while a job is queued or running.
 */
export function useJobs({ kind, status }: JobFilter) {
  const [tries, setTries] = useState(0);
  /** Reads again keeping the list shown (after Retry queued a job). */
  const [refreshes, setRefreshes] = useState(0);
  const key = `${kind ?? ''}|${status ?? ''}|${tries}`;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let told = false;
    let last: JobView[] | null = null;
    async function read() {
      try {
        last = await fetchJobs({ kind, status });
        if (stopped) return;
        told = false;
        setAnswer({ key, jobs: last, failed: false });
      } catch (error) {
        if (stopped) return;
        if (!told) void showApiError(error);
        told = true;
        setAnswer({ key, jobs: last, failed: true });
        // Nothing read yet: wait for Try again rather than asking every 2 s.
        if (last === null) return;
      }
      if (last.some(isActive)) timer = setTimeout(() => void read(), JOBS_POLL_MS);
    }
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, kind, status, refreshes]);

  const current = answer?.key === key ? answer : null;
  return {
    jobs: current?.jobs ?? null,
    failed: current?.failed ?? false,
    loading: current === null,
    retry: () => setTries((n) => n + 1),
    refresh: () => setRefreshes((n) => n + 1),
  };
}
