import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSmtpSink } from '../../../server/test/smtp';
import { freePort, NO_MARKETPLACES } from '../../support/server-process';
import { parseRawMail, type ReceivedMail } from './mailbox';

/** An SMTP server in this process that appends each received mail as a JSON line to `file`. */
async function startMailbox(file: string): Promise<{ port: number; close: () => Promise<void> }> {
  return startSmtpSink((raw, rcptTo) => {
    const { headers, text } = parseRawMail(raw);
    const mail: ReceivedMail = {
      to: rcptTo.map((address) => address.toLowerCase()),
      subject: headers.subject ?? '',
      text,
      receivedAt: new Date().toISOString(),
    };
    appendFileSync(file, JSON.stringify(mail) + '\n');
  });
}

async function waitForHealth(url: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
  throw new Error(`the server did not become healthy at ${url}\n${log}`);
}

/**
 * A private copy of the built PWA, so a rebuild of dist/ during the run (another `vite build`)
 * cannot pull files from under the server. Retries while a build is writing dist/.
 */
async function copyBuiltPwa(target: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    rmSync(target, { recursive: true, force: true });
    try {
      cpSync('dist', target, { recursive: true });
      if (existsSync(join(target, 'index.html')) && existsSync(join(target, 'service-worker.js')))
        return;
    } catch {
      // dist/ changed while copying
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('dist/ has no complete build (index.html and service-worker.js)');
}

/**
 * Starts the real server (fresh SQLite database with the demo companies, the built PWA, an SMTP
 * server here that catches its mails) and returns the teardown. Tests read E2E_BASE_URL and
 * E2E_MAILBOX from the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'brick-e2e-'));
  const staticDir = join(dataDir, 'pwa');
  await copyBuiltPwa(staticDir);
  const mailboxFile = join(dataDir, 'mailbox.jsonl');
  const mailbox = await startMailbox(mailboxFile);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'server.out');
  const out = openSync(logFile, 'a');
  const server = spawn(resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      PUBLIC_URL: baseURL,
      SEED_DEMO: '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Nothing leaves the machine: no scheduled order intake, and a marketplace call (an upload
      // started by a test) reaches a closed local port and fails as a lost connection.
      ...NO_MARKETPLACES,
    },
    stdio: ['ignore', out, out],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.once('exit', stop);
  await waitForHealth(`${baseURL}/api/health`, server, logFile);

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAILBOX = mailboxFile;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    stop();
    await new Promise<void>((done) => {
      if (server.exitCode !== null) return done();
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        done();
      }, 5000);
      server.once('exit', () => {
        clearTimeout(timer);
        done();
      });
    });
    await mailbox.close();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
