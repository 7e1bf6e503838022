// Where the HTTPS server's key and certificate come from, kept current while it runs: the
// company's files (TLS_CERT/TLS_KEY, read again when they change, e.g. after a renewal by
// certbot), or the server's own CA (a new server certificate when the machine gets a new address
// or the old one nears its end). The HTTPS server takes each new pair without a restart.
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { hostname } from 'node:os';
import { createSecureContext } from 'node:tls';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { certificateHosts, expiresAt, fingerprint, type KeyAndCert } from './certificates';
import { machineHosts } from './hosts';
import type { TlsInfo } from './info';
import { loadOrCreateCa, serverCertificate, tlsDir } from './local-ca';

export interface TlsSource {
  /** The key and certificate (PEM) to serve now. */
  current(): { key: string; cert: string };
  info(): TlsInfo;
  /** Called after the pair changed (renewed, or the files were replaced). */
  onChange(listener: () => void): void;
  close(): void;
}

export interface TlsSourceOptions {
  /** How often the own CA's certificate is checked against the machine's hosts (default 10 min). */
  checkEveryMs?: number;
  /** How often TLS_CERT/TLS_KEY are looked at for a change (default 5 s). */
  watchEveryMs?: number;
  now?: () => Date;
  /** The machine's hosts (default: read from the system each check). */
  hosts?: () => string[];
}

type Config = Pick<
  AppConfig,
  'dataDir' | 'port' | 'httpsPort' | 'tlsCertFile' | 'tlsKeyFile' | 'tlsHosts'
>;

/** Null when the server speaks plain HTTP only (HTTPS_PORT=off). */
export function startTlsSource(
  config: Config,
  log: Logger,
  options: TlsSourceOptions = {},
): TlsSource | null {
  if (config.httpsPort === null) return null;
  return config.tlsCertFile && config.tlsKeyFile
    ? companyFiles(config, log, options)
    : ownCa(config, log, options);
}

function source(
  config: Config,
  first: KeyAndCert,
  describe: (pair: KeyAndCert) => Omit<TlsInfo, 'httpPort' | 'httpsPort'>,
): TlsSource & { swap(pair: KeyAndCert): void; stopping: (() => void)[] } {
  let pair = first;
  const listeners: (() => void)[] = [];
  const stopping: (() => void)[] = [];
  return {
    stopping,
    current: () => ({ key: pair.keyPem, cert: pair.certPem }),
    info: () => ({ ...describe(pair), httpPort: config.port, httpsPort: config.httpsPort }),
    onChange: (listener) => void listeners.push(listener),
    swap(next) {
      pair = next;
      for (const listener of listeners) listener();
    },
    close: () => stopping.forEach((stop) => stop()),
  };
}

function ownCa(config: Config, log: Logger, options: TlsSourceOptions): TlsSource {
  const now = options.now ?? (() => new Date());
  const hosts = options.hosts ?? (() => machineHosts(config.tlsHosts));
  const { ca, made } = loadOrCreateCa(config.dataDir, hostname());
  if (made) log.info(`made this installation's certificate authority in ${tlsDir(config.dataDir)}`);
  const caFingerprint = fingerprint(ca.certPem);
  const issue = () => {
    const { pair, renewed } = serverCertificate(config.dataDir, ca, hosts(), now());
    if (renewed)
      log.info(
        `new HTTPS certificate (${renewed}) for ${certificateHosts(pair.certPem).join(', ')}`,
      );
    return { pair, renewed };
  };
  const tls = source(config, issue().pair, (pair) => ({
    source: 'own-ca',
    hosts: certificateHosts(pair.certPem),
    caCertPem: ca.certPem,
    caFingerprint,
    expiresAt: expiresAt(pair.certPem).toISOString(),
  }));
  const timer = setInterval(
    () => {
      try {
        const { pair, renewed } = issue();
        if (renewed) tls.swap(pair);
      } catch (err) {
        log.warn({ err }, 'could not renew the HTTPS certificate; the current one still serves');
      }
    },
    options.checkEveryMs ?? 10 * 60_000,
  );
  timer.unref();
  tls.stopping.push(() => clearInterval(timer));
  return tls;
}

function readFiles(config: Config): KeyAndCert {
  const pair = {
    certPem: readFileSync(config.tlsCertFile!, 'utf8'),
    keyPem: readFileSync(config.tlsKeyFile!, 'utf8'),
  };
  // Refuses a key that is not the certificate's, or a file that is not PEM.
  createSecureContext({ key: pair.keyPem, cert: pair.certPem });
  return pair;
}

function companyFiles(config: Config, log: Logger, options: TlsSourceOptions): TlsSource {
  const now = options.now ?? (() => new Date());
  let first: KeyAndCert;
  try {
    first = readFiles(config);
  } catch (err) {
    throw new Error(
      `TLS_CERT ${config.tlsCertFile} and TLS_KEY ${config.tlsKeyFile} cannot serve HTTPS: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const warnIfEnding = (pair: KeyAndCert) => {
    const days = (expiresAt(pair.certPem).getTime() - now().getTime()) / (24 * 3600 * 1000);
    if (days < 14)
      log.warn(
        `the certificate in TLS_CERT ${days < 0 ? 'has expired' : `expires in ${Math.floor(days)} days`} (${expiresAt(pair.certPem).toISOString()}): phones will refuse it`,
      );
  };
  warnIfEnding(first);
  const tls = source(config, first, (pair) => ({
    source: 'files',
    hosts: certificateHosts(pair.certPem),
    caCertPem: null,
    caFingerprint: null,
    expiresAt: expiresAt(pair.certPem).toISOString(),
  }));
  let last = first;
  let settle: NodeJS.Timeout | undefined;
  const changed = () => {
    // A renewal writes two files: wait until both have been written.
    clearTimeout(settle);
    settle = setTimeout(() => {
      try {
        const pair = readFiles(config);
        if (pair.certPem === last.certPem && pair.keyPem === last.keyPem) return;
        last = pair;
        tls.swap(pair);
        log.info(
          `reloaded the HTTPS certificate from TLS_CERT (valid until ${expiresAt(pair.certPem).toISOString()})`,
        );
        warnIfEnding(pair);
      } catch (err) {
        log.warn(
          `TLS_CERT/TLS_KEY changed but do not make a usable pair (${(err as Error).message}); the previous certificate still serves`,
        );
      }
    }, 500);
  };
  const interval = options.watchEveryMs ?? 5000;
  for (const file of [config.tlsCertFile!, config.tlsKeyFile!]) {
    watchFile(file, { interval, persistent: false }, changed);
    tls.stopping.push(() => unwatchFile(file, changed));
  }
  tls.stopping.push(() => clearTimeout(settle));
  // A server left running warns too as the end comes near (twice a day), not only at start.
  const timer = setInterval(() => warnIfEnding(last), options.checkEveryMs ?? 12 * 3600_000);
  timer.unref();
  tls.stopping.push(() => clearInterval(timer));
  return tls;
}
