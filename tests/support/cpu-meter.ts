// CPU time of the processes a load bench runs (Linux /proc): the bench itself, the server
// processes, and PostgreSQL's processes. On a machine where they share the cores, a setup's rate is
// bounded by the CPU it spends per request; this shows where that CPU goes.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The process's user + system CPU seconds and its command name, or undefined when gone. */
function procCpu(pid: number): { seconds: number; comm: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // After the command name: state is field 3 of stat(5), utime 14 and stime 15.
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS;
    return { seconds, comm: stat.slice(stat.indexOf('(') + 1, close) };
  } catch {
    return undefined;
  }
}

function postgresPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (Number.isInteger(pid) && procCpu(pid)?.comm === 'postgres') pids.push(pid);
  }
  return pids;
}

export interface CpuSpent {
  /** This process (the bench's clients). */
  bench: number;
  /** The server processes. */
  servers: number;
  /** Every PostgreSQL process on the machine (backends, WAL writer, autovacuum), 0 for none. */
  postgres: number;
}

/**
 * Starts counting: the CPU seconds spent from now until `stop()`. PostgreSQL's processes are
 * sampled twice a second, so a backend that starts and ends in between is counted too (short-lived
 * ones lose at most their last half second).
 */
export function startCpuMeter(serverPids: number[]): { stop(): CpuSpent } {
  const available = procCpu(process.pid) !== undefined;
  const bench0 = process.cpuUsage();
  const servers0 = serverPids.map((pid) => procCpu(pid)?.seconds ?? 0);
  // Per PostgreSQL process: its CPU seconds when first seen (0 for one started after the first
  // sample) and when last seen.
  const pgFirst = new Map<number, number>();
  const pgLast = new Map<number, number>();
  const sample = (initial: boolean) => {
    for (const pid of postgresPids()) {
      const seconds = procCpu(pid)?.seconds;
      if (seconds === undefined) continue;
      if (!pgFirst.has(pid)) pgFirst.set(pid, initial ? seconds : 0);
      pgLast.set(pid, seconds);
    }
  };
  if (available) sample(true);
  const timer = available ? setInterval(() => sample(false), 500) : undefined;
  return {
    stop() {
      clearInterval(timer);
      if (available) sample(false);
      const used = process.cpuUsage(bench0);
      let postgres = 0;
      for (const [pid, last] of pgLast) postgres += last - (pgFirst.get(pid) ?? 0);
      const servers = serverPids.reduce(
        (sum, pid, i) => sum + Math.max(0, (procCpu(pid)?.seconds ?? servers0[i]) - servers0[i]),
        0,
      );
      return { bench: (used.user + used.system) / 1e6, servers, postgres };
    },
  };
}
