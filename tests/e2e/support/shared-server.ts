import { spawn, type ChildProcess } from 'node:child_process';
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
import { freePort, NO_MARKETPLACES, serverEnv } from '../../support/server-process';
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

export interface SharedServer {
  baseURL: string;
  /** The JSON-lines file the SMTP server here appends each received mail to. */
  mailboxFile: string;
  /** The server's data directory (its SQLite database is warehouse.sqlite there). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (fresh SQLite database with the demo companies, the built PWA, an SMTP
 * server here that catches its mails): one per Playwright worker (see fixtures.ts), so the specs
 * of two workers never see each other's changes to the demo data.
 */
export async function startSharedServer(): Promise<SharedServer> {
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
    env: serverEnv(port, dataDir, {
      STATIC_DIR: staticDir,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      SEED_DEMO: '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Nothing leaves the machine: no scheduled order intake, and a marketplace call (an upload
      // started by a test) reaches a closed local port and fails as a lost connection.
      ...NO_MARKETPLACES,
    }),
    stdio: ['ignore', out, out],
  });
  const kill = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.once('exit', kill);
  const stop = async () => {
    kill();
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
  try {
    await waitForHealth(`${baseURL}/api/health`, server, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, mailboxFile, dataDir, stop };
}
