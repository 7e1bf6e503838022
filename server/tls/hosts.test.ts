import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  canonicalHost,
  certificateCovers,
  isLoopbackAddress,
  isLoopbackHost,
  lanAddresses,
  machineHosts,
  urlHost,
} from './hosts';

function v4(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    family: 'IPv4',
    internal,
    netmask: '255.255.255.0',
    mac: '00:00:00:00:00:00',
    cidr: null,
  };
}

function v6(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    family: 'IPv6',
    internal,
    netmask: 'ffff:ffff:ffff:ffff::',
    mac: '00:00:00:00:00:00',
    cidr: null,
    scopeid: 0,
  };
}

/** A laptop on Wi-Fi and Ethernet, with loopback and link-local addresses beside the LAN ones. */
const INTERFACES: NodeJS.Dict<NetworkInterfaceInfo[]> = {
  lo: [v4('127.0.0.1', true), v6('::1', true)],
  wlan0: [v6('fe80::1c2b:3aff:fe4d:5e6f'), v4('192.168.1.20'), v6('2001:DB8:0:0:0:0:0:20')],
  eth0: [v4('10.0.0.5'), v6('FEBF::1'), v6('fd00::5')],
  docker0: undefined,
};

describe('canonicalHost', () => {
  it('gives one spelling per host', () => {
    expect(canonicalHost('Warehouse.LOCAL')).toBe('warehouse.local');
    expect(canonicalHost('  localhost ')).toBe('localhost');
    expect(canonicalHost('[::1]')).toBe('::1');
    expect(canonicalHost('FE80::1%eth0')).toBe('fe80::1%eth0');
    expect(canonicalHost('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalHost('[2001:DB8:0:0:0:0:0:20]')).toBe('2001:db8::20');
    expect(canonicalHost('192.168.1.20')).toBe('192.168.1.20');
  });
});

describe('urlHost', () => {
  it('puts IPv6 addresses in brackets, nothing else', () => {
    expect(urlHost('fd00::5')).toBe('[fd00::5]');
    expect(urlHost('192.168.1.20')).toBe('192.168.1.20');
    expect(urlHost('warehouse.local')).toBe('warehouse.local');
  });
});

describe('isLoopbackHost', () => {
  it('knows what a browser counts as this device itself', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'app.localhost',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('does not count LAN addresses or names that only look like loopback', () => {
    for (const host of [
      '192.168.1.20',
      '10.0.0.5',
      'localhost.example',
      'mylocalhost',
      '127.0.0.1.example',
      '128.0.0.1',
      'fd00::5',
      'warehouse.local',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('certificateCovers', () => {
  const held = ['warehouse.example', '*.corp.example', '192.168.1.20', '::1'];
  it('serves the hosts held and one label under a wildcard, as browsers match', () => {
    for (const host of ['WAREHOUSE.example', 'scan.corp.example', '192.168.1.20', '[::1]'])
      expect(certificateCovers(held, host), host).toBe(true);
    for (const host of ['corp.example', 'a.b.corp.example', 'other.example', '192.168.1.21'])
      expect(certificateCovers(held, host), host).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('knows a connection from this machine, also IPv4 mapped to IPv6', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['192.168.1.30', '::ffff:192.168.1.30', 'fd00::5', '', 'localhost'])
      expect(isLoopbackAddress(a), a).toBe(false);
  });
});

describe('lanAddresses', () => {
  it('keeps IPv4 and global IPv6, IPv4 first; skips loopback and link-local', () => {
    expect(lanAddresses(INTERFACES)).toEqual([
      '192.168.1.20',
      '10.0.0.5',
      '2001:db8::20',
      'fd00::5',
    ]);
  });

  it('puts container bridges and VPN tunnels after the Wi-Fi and Ethernet', () => {
    expect(
      lanAddresses({
        docker0: [v4('172.17.0.1')],
        'br-4f2a': [v4('172.18.0.1')],
        wg0: [v4('10.66.0.2')],
        tailscale0: [v4('100.64.0.7')],
        wlan0: [v4('192.168.1.20'), v6('fd00::5')],
      }),
    ).toEqual(['192.168.1.20', 'fd00::5', '172.17.0.1', '172.18.0.1', '10.66.0.2', '100.64.0.7']);
  });

  it('lists an address held by two interfaces once', () => {
    expect(lanAddresses({ a: [v4('192.168.1.20')], b: [v4('192.168.1.20')] })).toEqual([
      '192.168.1.20',
    ]);
  });

  it('is empty on a machine with loopback only', () => {
    expect(lanAddresses({ lo: [v4('127.0.0.1', true), v6('::1', true)] })).toEqual([]);
  });
});

describe('machineHosts', () => {
  it('puts TLS_HOSTS first, then LAN addresses, the machine names, loopback last', () => {
    expect(machineHosts(['Warehouse.Example', '10.9.9.9'], 'Lager-PC', INTERFACES)).toEqual([
      'warehouse.example',
      '10.9.9.9',
      '192.168.1.20',
      '10.0.0.5',
      '2001:db8::20',
      'fd00::5',
      'lager-pc',
      'lager-pc.local',
      'localhost',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('lists each host once, whatever its spelling', () => {
    const hosts = machineHosts(['LOCALHOST', '[::1]', '192.168.1.20'], 'pc', INTERFACES);
    expect(hosts.slice(0, 3)).toEqual(['localhost', '::1', '192.168.1.20']);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it('adds no .local to a name that has a domain, and no name for an address or localhost', () => {
    const lo = { lo: [v4('127.0.0.1', true)] };
    expect(machineHosts([], 'pc.corp.example', lo)).toEqual([
      'pc.corp.example',
      'localhost',
      '127.0.0.1',
      '::1',
    ]);
    expect(machineHosts([], 'localhost', lo)).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(machineHosts([], '10.0.0.5', lo)).toEqual(['localhost', '127.0.0.1', '::1']);
  });
});
