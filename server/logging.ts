import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';

export function logFilePath(dataDir: string): string {
  return join(dataDir, 'logs', 'server.log');
}

/**
 * Tokens as they can appear in any text: the set-password link of a reset or invitation (also as
 * the URL of the page a mailed link opens), a bearer token, and a token in a query string.
 */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/(\/set_password\/)[^\s"'\\?#&/]+/g, '$1[redacted]'],
  [/(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1[redacted]'],
  [/([?&](?:token|access_token|refresh_token)=)[^\s"'\\&#]+/gi, '$1[redacted]'],
];

/** The text with every token pattern above replaced by `[redacted]`. */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Fields that hold a secret wherever they appear in a log object. */
const REDACT = [
  'req.headers.authorization',
  'password',
  '*.password',
  'token',
  '*.token',
  'access_token',
  'refresh_token',
  '*.access_token',
  '*.refresh_token',
  'link',
  '*.link',
];

/** A log destination that scrubs every line before writing it. */
function scrubbing(stream: { write(line: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      stream.write(scrubSecrets(line));
    },
  };
}

/**
 * Structured JSON logs to a file under DATA_DIR (the source of the log download) and, unless
 * turned off, to stdout. No token reaches either, at any level: known secret fields are redacted,
 * and every line is scrubbed of token-carrying text (links, bearer tokens) wherever it appears,
 * for instance the URL of a set-password page in a request line.
 */
export function createLogger(opts: { dataDir: string; level: string; stdout: boolean }): Logger {
  mkdirSync(join(opts.dataDir, 'logs'), { recursive: true });
  const streams: pino.StreamEntry[] = [
    {
      level: opts.level as pino.Level,
      stream: scrubbing(pino.destination({ dest: logFilePath(opts.dataDir), sync: true })),
    },
  ];
  if (opts.stdout) {
    streams.push({ level: opts.level as pino.Level, stream: scrubbing(process.stdout) });
  }
  return pino({ level: opts.level, redact: REDACT }, pino.multistream(streams));
}
