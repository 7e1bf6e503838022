import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';

export function logFilePath(dataDir: string): string {
  return join(dataDir, 'logs', 'server.log');
}

/**
 * Structured JSON logs to a file under DATA_DIR (the source of the log download) and, unless
 * turned off, to stdout.
 */
export function createLogger(opts: { dataDir: string; level: string; stdout: boolean }): Logger {
  mkdirSync(join(opts.dataDir, 'logs'), { recursive: true });
  const streams: pino.StreamEntry[] = [
    {
      level: opts.level as pino.Level,
      stream: pino.destination({ dest: logFilePath(opts.dataDir), sync: true }),
    },
  ];
  if (opts.stdout) streams.push({ level: opts.level as pino.Level, stream: process.stdout });
  return pino(
    {
      level: opts.level,
      redact: ['req.headers.authorization', 'password', 'token'],
    },
    pino.multistream(streams),
  );
}
