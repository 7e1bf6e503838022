// The names and addresses a phone may use to reach this machine: its host name (also with
// `.local`, which phones resolve over mDNS on most networks), every LAN address of its network
// interfaces, loopback, and the names given in TLS_HOSTS.
import { hostname, networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { isIP } from 'node:net';

/** One spelling per host: lower case, IPv6 compressed (`0:0:0:0:0:0:0:1` is `::1`). */
export function canonicalHost(host: string): string {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  // An address with a zone (`fe80::1%eth0`) is no URL host: kept as written.
  if (isIP(h) === 6 && !h.includes('%')) return new URL(`http://[${h}]/`).hostname.slice(1, -1);
  return h;
}

/** A host as it goes into a URL: IPv6 in brackets. */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** True for the names and addresses a browser counts as this device itself (a secure context). */
export function isLoopbackHost(host: string): boolean {
  const h = canonicalHost(host);
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    (isIP(h) === 4 && h.startsWith('127.'))
  );
}

/**
 * True when a certificate holding `hosts` serves `host`: the host itself, or a wildcard
 * (`*.example.com`) for exactly one label in front of the rest, as browsers match it.
 */
export function certificateCovers(hosts: readonly string[], host: string): boolean {
  const h = canonicalHost(host);
  return hosts.map(canonicalHost).some((held) => {
    if (held === h) return true;
    if (!held.startsWith('*.') || isIP(h)) return false;
    const dot = h.indexOf('.');
    return dot > 0 && h.slice(dot + 1) === held.slice(2);
  });
}

/** A host a device can open: not a wildcard of a certificate. */
export function isOpenable(host: string): boolean {
  return !host.includes('*');
}

/** True for a connection's loopback address (`127.x`, `::1`, or IPv4 loopback mapped to IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/**
 * The LAN addresses of this machine: IPv4 and global IPv6 of every interface that is up, never
 * loopback nor IPv6 link-local (a fe80:: address needs a zone a URL cannot carry).
 */
export function lanAddresses(
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  const found: { address: string; rank: number }[] = [];
  for (const [name, list] of Object.entries(interfaces)) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv6' && /^fe[89ab]/i.test(a.address)) continue;
      const address = canonicalHost(a.address);
      // IPv4 first (the address people read off a screen and type); containers' bridges and
      // VPN tunnels after the interfaces phones on the Wi-Fi can reach.
      const rank = (VIRTUAL.test(name) ? 2 : 0) + (isIP(address) === 4 ? 0 : 1);
      found.push({ address, rank });
    }
  }
  const sorted = found.sort((x, y) => x.rank - y.rank).map((f) => f.address);
  return [...new Set(sorted)];
}

/** Interface names of container bridges, virtual machines' networks and VPN tunnels. */
const VIRTUAL =
  /^(docker|br-|veth|virbr|vmnet|vboxnet|cni|flannel|podman|lxc|lxd|tun|tap|wg|utun|tailscale|zt|ppp)/i;

/**
 * Every host the server certificate holds: the names given in TLS_HOSTS first, then the LAN
 * addresses (the first host is what phones are told to open), the machine's names, loopback last.
 */
export function machineHosts(
  extra: readonly string[] = [],
  machine = hostname(),
  interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>,
): string[] {
  const name = canonicalHost(machine);
  const names = name && !isIP(name) && name !== 'localhost' ? [name] : [];
  if (names.length === 1 && !name.includes('.')) names.push(`${name}.local`);
  const all = [
    ...extra.map(canonicalHost),
    ...lanAddresses(interfaces),
    ...names,
    'localhost',
    '127.0.0.1',
    '::1',
  ];
  return [...new Set(all.filter(Boolean))];
}
