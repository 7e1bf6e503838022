// `npm start`: build the PWA when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = 'dist/index.html';
const sources = ['src', 'sw', 'contract', 'public', 'index.html', 'vite.config.ts'].filter(
  existsSync,
);
const sourceTime = Math.max(
  ...sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)),
);
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the PWA…');
  const r = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm start` runs this script through a shell that does not pass a stop signal on: when a
// supervisor (or `timeout`) stops npm with SIGTERM, the shell goes and this script would be left
// running, still holding the port. So when the process that started it is gone, the server is
// stopped as if it had been told to.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    server.kill('SIGTERM');
  }
}, 1000).unref();
