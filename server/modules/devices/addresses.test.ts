import { describe, expect, it } from 'vitest';
import { plainHttpOnly, type TlsInfo } from '../../tls/info';
import { deviceSetup, httpsUrlFor, requestUrlHost } from './addresses';

const ownCa: TlsInfo = {
  source: 'own-ca',
  httpsPort: 8443,
  httpPort: 8080,
  hosts: ['localhost', '127.0.0.1', '::1', 'warehouse-pc', '192.168.1.20', 'fe80::1'],
  caCertPem: '-----BEGIN CERTIFICATE-----…',
  caFingerprint: 'AB:CD',
  expiresAt: '2027-12-01T00:00:00.000Z',
};

describe('device setup addresses', () => {
  it('lists the warehouse network first, IPv6 in brackets, the own machine last', () => {
    const answer = deviceSetup(ownCa, 'http://localhost:8080');
    expect(answer.httpsUrls).toEqual([
      'https://warehouse-pc:8443/',
      'https://192.168.1.20:8443/',
      'https://[fe80::1]:8443/',
      'https://localhost:8443/',
      'https://127.0.0.1:8443/',
      'https://[::1]:8443/',
    ]);
    expect(answer.setupUrls).toEqual([
      'http://warehouse-pc:8080/setup',
      'http://192.168.1.20:8080/setup',
      'http://[fe80::1]:8080/setup',
    ]);
    expect(answer.caCertificateUrl).toBe('/api/device-setup/ca.crt');
    expect(answer.caFingerprint).toBe('AB:CD');
    expect(answer.expiresAt).toBe('2027-12-01T00:00:00.000Z');
  });

  it('leaves the port out where it is the scheme’s own', () => {
    const answer = deviceSetup(
      { ...ownCa, httpsPort: 443, httpPort: 80, hosts: ['10.0.0.5'] },
      'x',
    );
    expect(answer.httpsUrls).toEqual(['https://10.0.0.5/']);
    expect(answer.setupUrls).toEqual(['http://10.0.0.5/setup']);
  });

  it('with the company’s certificate: HTTPS addresses only, no certificate authority', () => {
    const answer = deviceSetup(
      {
        ...ownCa,
        source: 'files',
        hosts: ['scan.example.com'],
        caCertPem: null,
        caFingerprint: null,
      },
      'x',
    );
    expect(answer).toEqual({
      source: 'files',
      httpsUrls: ['https://scan.example.com:8443/'],
      setupUrls: [],
      caCertificateUrl: null,
      caFingerprint: null,
      expiresAt: '2027-12-01T00:00:00.000Z',
    });
  });

  it('with HTTPS off: PUBLIC_URL when it is HTTPS, else nothing', () => {
    expect(deviceSetup(plainHttpOnly(8080), 'https://wh.example.com').httpsUrls).toEqual([
      'https://wh.example.com/',
    ]);
    expect(deviceSetup(plainHttpOnly(8080), 'http://192.168.1.20:8080')).toEqual({
      source: 'off',
      httpsUrls: [],
      setupUrls: [],
      caCertificateUrl: null,
      caFingerprint: null,
      expiresAt: null,
    });
  });

  it('gives a device the HTTPS address of the host it used, never a host it cannot be', () => {
    expect(httpsUrlFor(ownCa, 'x', '192.168.1.20')).toBe('https://192.168.1.20:8443/');
    expect(httpsUrlFor(ownCa, 'x', '[fe80::1]')).toBe('https://[fe80::1]:8443/');
    expect(httpsUrlFor(ownCa, 'https://wh.example.com', 'evil/"><x')).toBe(
      'https://wh.example.com/',
    );
    expect(httpsUrlFor(plainHttpOnly(8080), 'http://x:8080', '192.168.1.20')).toBeNull();
  });

  it('knows a host name or an address from anything else', () => {
    expect(requestUrlHost('Warehouse-PC.local.')).toBe('warehouse-pc.local');
    expect(requestUrlHost('[0:0:0:0:0:0:0:1]')).toBe('[::1]');
    expect(requestUrlHost('a'.repeat(64))).toBeNull();
    expect(requestUrlHost('x y')).toBeNull();
    expect(requestUrlHost('::1%eth0')).toBeNull();
    expect(requestUrlHost('1::2::3')).toBeNull();
  });
});
