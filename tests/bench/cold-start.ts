import { rmSync } from 'node:fs';
import { ensureBuilt, freshDataDir, median, ms, startServer, type Bench } from './support';

const RUNS = 3;

/**
 * Server start to the first 200 from /api/health: on an empty DATA_DIR (migrate + demo seed,
 * argon2 hash of the demo password) and on one that is already migrated and seeded.
 */
export const coldStart: Bench = {
  name: 'cold-start',
  async run() {
    ensureBuilt();
    const empty: number[] = [];
    const migrated: number[] = [];
    const dirs: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dir = freshDataDir('start');
      dirs.push(dir);
      const first = await startServer(dir, { SEED_DEMO: '1' });
      empty.push(first.startMs);
      await first.stop();
      const again = await startServer(dir, { SEED_DEMO: '1' });
      migrated.push(again.startMs);
      await again.stop();
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    const range = (v: number[]) => `${ms(Math.min(...v))}–${ms(Math.max(...v))}`;
    return [
      {
        bench: 'cold-start',
        measure: `empty DATA_DIR → healthy (median of ${RUNS})`,
        value: ms(median(empty)),
        note: `range ${range(empty)}; migrate + demo seed`,
      },
      {
        bench: 'cold-start',
        measure: `migrated DATA_DIR → healthy (median of ${RUNS})`,
        value: ms(median(migrated)),
        note: `range ${range(migrated)}`,
      },
    ];
  },
};
