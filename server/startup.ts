import { join } from 'node:path';
import type { AppConfig } from './config';
import { logFilePath } from './logging';
import { isLoopbackHost, isOpenable, urlHost } from './tls/hosts';
import type { TlsInfo } from './tls/info';

/** A database URL without its password, for the log. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

/** Where the server keeps its data: the SQLite file, or the PostgreSQL database. */
export function databaseText(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  const url = config.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return `PostgreSQL at ${withoutPassword(url)}`;
  const file = url?.startsWith('sqlite:')
    ? url.slice('sqlite:'.length)
    : join(config.dataDir, 'warehouse.sqlite');
  return `SQLite file ${file}`;
}

/** Where mails go: the SMTP server, or the folder the mail files are written to. */
export function mailText(config: Pick<AppConfig, 'smtpUrl' | 'dataDir'>): string {
  if (config.smtpUrl) return `sent through ${withoutPassword(config.smtpUrl)}`;
  return `written as files to ${join(config.dataDir, 'mail')} (no SMTP_URL set; \`npm run mail:last\` shows the newest mail and its links)`;
}

/**
 * The first lines of the log at start: where the database, the data folder, the mail, the log
 * file and the app's address are, so a new install knows where to look without reading docs.
 */
export function startupLines(config: AppConfig): string[] {
  return [
    `brick warehouse starting (Node ${process.version}, LOG_LEVEL=${config.logLevel})`,
    `address: ${config.publicUrl} (PUBLIC_URL; plain HTTP on ${config.host}:${config.port}${
      config.httpsPort === null ? '' : `, HTTPS on ${config.host}:${config.httpsPort}`
    })`,
    `database: ${databaseText(config)}`,
    `data folder: ${config.dataDir}`,
    `mail: ${mailText(config)}`,
    `log file: ${logFilePath(config.dataDir)}`,
  ];
}

/**
 * The lines on HTTPS right after the first ones: where the certificate comes from, and the
 * address a phone on the LAN opens (plain HTTP there gives the app no offline mode).
 */
export function tlsLines(config: AppConfig, tls: TlsInfo | null): string[] {
  if (!tls) {
    return config.publicUrl.startsWith('https://')
      ? [`https: ended by the proxy in front (HTTPS_PORT=off); phones open ${config.publicUrl}`]
      : [
          'https: off (HTTPS_PORT=off): phones on the LAN cannot keep working offline over plain HTTP; see docs/deploy.md',
        ];
  }
  const port = tls.httpsPort === 443 ? '' : `:${tls.httpsPort}`;
  const lan = tls.hosts.find((h) => !isLoopbackHost(h) && isOpenable(h));
  const until = tls.expiresAt?.slice(0, 10);
  const local = `this machine: http://localhost:${config.port} or https://localhost${port}`;
  if (tls.source === 'files') {
    return [
      `https: port ${tls.httpsPort} with TLS_CERT ${config.tlsCertFile} (for ${tls.hosts.join(', ')}; valid until ${until})`,
      lan ? `phones: open https://${urlHost(lan)}${port}` : local,
    ];
  }
  return [
    `https: port ${tls.httpsPort} with this installation's own certificate authority (${join(config.dataDir, 'tls', 'ca.crt')}, SHA-256 ${tls.caFingerprint}); certificate for ${tls.hosts.join(', ')} until ${until}`,
    lan
      ? `phones: open http://${urlHost(lan)}:${config.port}/setup once to trust this server, then https://${urlHost(lan)}${port} (a manager's "Set up devices" page shows both as QR codes)`
      : 'phones: this machine has no LAN address yet; the certificate takes one in as soon as it has',
    local,
  ];
}
