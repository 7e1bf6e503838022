import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { makeCertificateAuthority, makeServerCertificate } from './tls/certificates';
import { machineHosts, urlHost } from './tls/hosts';

const dirs: string[] = [];

/** loadConfig on its own DATA_DIR with only these variables set. */
function load(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bw-config-https-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env } as NodeJS.ProcessEnv);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('HTTPS_PORT', () => {
  it('is 8443 when unset, with PUBLIC_URL the secure address phones open', () => {
    const config = load();
    expect(config.httpsPort).toBe(8443);
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe(`https://${urlHost(machineHosts()[0])}:8443`);
    expect(load({ HTTPS_PORT: '' }).httpsPort).toBe(8443);
  });

  it('turns HTTPS off with off (or no, false, 0), PUBLIC_URL then this machine over HTTP', () => {
    for (const off of ['off', 'OFF', 'no', 'false', '0', ' off ']) {
      const config = load({ HTTPS_PORT: off, PORT: '9090' });
      expect(config.httpsPort, off).toBeNull();
      expect(config.publicUrl, off).toBe('http://localhost:9090');
    }
  });

  it('takes a port number; on 443 the URL has no port', () => {
    const config = load({ HTTPS_PORT: '443', TLS_HOSTS: 'warehouse.example' });
    expect(config.httpsPort).toBe(443);
    expect(config.publicUrl).toBe('https://warehouse.example');
    expect(load({ HTTPS_PORT: '9443', TLS_HOSTS: 'warehouse.example' }).publicUrl).toBe(
      'https://warehouse.example:9443',
    );
  });

  it('refuses what is not a port, saying what it wants', () => {
    for (const bad of ['abc', '70000', '65536', '-1', '8443.5', 'on'])
      expect(() => load({ HTTPS_PORT: bad }), bad).toThrow(
        `HTTPS_PORT must be a port number or off, not '${bad}'`,
      );
    expect(load({ HTTPS_PORT: '65535' }).httpsPort).toBe(65535);
    expect(load({ HTTPS_PORT: '1' }).httpsPort).toBe(1);
  });
});

describe('TLS_CERT and TLS_KEY', () => {
  it('are unset by default (the own CA serves)', () => {
    const config = load();
    expect(config.tlsCertFile).toBeUndefined();
    expect(config.tlsKeyFile).toBeUndefined();
    expect(load({ TLS_CERT: ' ', TLS_KEY: '' }).tlsCertFile).toBeUndefined();
  });

  it('go together: one without the other is refused', () => {
    const message = 'TLS_CERT and TLS_KEY go together: set both or neither';
    expect(() => load({ TLS_CERT: '/etc/ssl/warehouse.crt' })).toThrow(message);
    expect(() => load({ TLS_KEY: '/etc/ssl/warehouse.key' })).toThrow(message);
    expect(() => load({ TLS_CERT: '/etc/ssl/warehouse.crt', TLS_KEY: ' ' })).toThrow(message);
  });

  it('are read as absolute paths (relative to where the server starts)', () => {
    const config = load({ TLS_CERT: 'certs/warehouse.crt', TLS_KEY: ' /etc/ssl/warehouse.key ' });
    expect(config.tlsCertFile).toBe(resolve('certs/warehouse.crt'));
    expect(config.tlsKeyFile).toBe('/etc/ssl/warehouse.key');
  });
});

describe('TLS_HOSTS and PUBLIC_URL', () => {
  it('lists the names comma-separated; the first is the address in PUBLIC_URL', () => {
    const config = load({ TLS_HOSTS: ' a.example, b.example ,,' });
    expect(config.tlsHosts).toEqual(['a.example', 'b.example']);
    expect(config.publicUrl).toBe('https://a.example:8443');
    expect(load().tlsHosts).toEqual([]);
  });

  it('takes the first name a phone can open of a company certificate when TLS_HOSTS is empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bw-config-cert-'));
    dirs.push(dir);
    const ca = makeCertificateAuthority('company');
    const pair = makeServerCertificate(ca, ['*.corp.example', 'localhost', 'lager.corp.example']);
    writeFileSync(join(dir, 'cert.pem'), pair.certPem);
    writeFileSync(join(dir, 'key.pem'), pair.keyPem);
    const files = { TLS_CERT: join(dir, 'cert.pem'), TLS_KEY: join(dir, 'key.pem') };
    expect(load(files).publicUrl).toBe('https://lager.corp.example:8443');
    expect(load({ ...files, TLS_HOSTS: 'scan.corp.example' }).publicUrl).toBe(
      'https://scan.corp.example:8443',
    );
  });

  it('puts an IPv6 address in brackets', () => {
    expect(load({ TLS_HOSTS: 'FD00:0:0:0:0:0:0:5' }).publicUrl).toBe('https://[fd00::5]:8443');
  });

  it('keeps a PUBLIC_URL that is set (without a trailing slash); an empty one is the default', () => {
    expect(load({ PUBLIC_URL: 'https://warehouse.example.com/' }).publicUrl).toBe(
      'https://warehouse.example.com',
    );
    expect(load({ PUBLIC_URL: '', TLS_HOSTS: 'a.example' }).publicUrl).toBe(
      'https://a.example:8443',
    );
    expect(load({ PUBLIC_URL: '', HTTPS_PORT: 'off' }).publicUrl).toBe('http://localhost:8080');
  });
});
