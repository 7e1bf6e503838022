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

/** The name a readable log line shows for each of pino's level numbers. */
export const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const COLOURS: Record<number, string> = {
  20: '\x1b[2m',
  40: '\x1b[33;1m',
  50: '\x1b[31;1m',
  60: '\x1b[31;1m',
};

/** Fields every line has, or that the text line already shows. */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId']);

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  if (value && typeof value === 'object' && 'message' in value && 'type' in value) {
    const err = value as { type: string; message: string; stack?: string };
    return JSON.stringify(`${err.type}: ${err.message}`);
  }
  return JSON.stringify(value);
}

/**
 * One JSON log line as a person reads it: `12:04:31 INFO  message key=value …`. Warnings and
 * errors carry a `!!` mark (and colour on a terminal) so they stand out; an error's stack follows
 * on its own lines.
 */
export function textLogLine(json: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = typeof entry.time === 'number' ? new Date(entry.time) : new Date();
  const clock = time.toTimeString().slice(0, 8);
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const mark = level >= 40 ? '!! ' : '';
  const fields = Object.entries(entry)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  let line = `${clock} ${name} ${mark}${String(entry.msg ?? '')}`;
  if (fields.length > 0) line += `  ${fields.join(' ')}`;
  const err = entry.err as { stack?: string } | undefined;
  if (level >= 50 && typeof err?.stack === 'string') line += `\n${err.stack}`;
  const paint = colour ? COLOURS[level] : undefined;
  return `${paint ? `${paint}${line}\x1b[0m` : line}\n`;
}

/** A destination that writes each JSON line as text (see textLogLine). */
function asText(stream: { write(line: string): unknown }, colour: boolean) {
  return {
    write(line: string) {
      stream.write(textLogLine(line, colour));
    },
  };
}

export type LogFormat = 'text' | 'json';

/**
 * Structured JSON logs to a file under DATA_DIR (the source of the log download) and, unless
 * turned off, to stdout: as text a person reads (`text`, the default) or as the same JSON lines
 * (`json`, for a log collector). No token reaches either, at any level: known secret fields are
 * redacted, and every line is scrubbed of token-carrying text (links, bearer tokens) wherever it
 * appears, for instance the URL of a set-password page in a request line.
 */
export function createLogger(opts: {
  dataDir: string;
  level: string;
  stdout: boolean;
  format?: LogFormat;
  /** Where the stdout lines go (tests pass their own). Default: the process's stdout. */
  out?: { write(line: string): unknown; isTTY?: boolean };
}): Logger {
  mkdirSync(join(opts.dataDir, 'logs'), { recursive: true });
  const streams: pino.StreamEntry[] = [
    {
      level: opts.level as pino.Level,
      stream: scrubbing(pino.destination({ dest: logFilePath(opts.dataDir), sync: true })),
    },
  ];
  if (opts.stdout) {
    const out = opts.out ?? process.stdout;
    const stream = opts.format === 'json' ? out : asText(out, out.isTTY === true);
    streams.push({ level: opts.level as pino.Level, stream: scrubbing(stream) });
  }
  return pino({ level: opts.level, redact: REDACT }, pino.multistream(streams));
}
