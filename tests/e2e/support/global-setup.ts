import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Builds the PWA once when dist/ has none (`npm run test:e2e` builds it first). Each worker then
 * starts its own server on a copy of it (shared-server.ts).
 */
export default function globalSetup(): void {
  if (existsSync('dist/index.html')) return;
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
}
