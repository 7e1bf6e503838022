import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { startServerProcess, type ServerProcess } from './server-process';

export interface ProxiedServer {
  /** The server's data folder (SQLite), for a restart on the same data or a direct read. */
  dataDir: string;
  /** The running server; replace it after a restart (same port, so the proxy still reaches it). */
  server: ServerProcess;
  /** The fault proxy in front of the server: what the device talks to. */
  proxy: FaultProxy;
}

/**
 * A server process of its own (fresh data in a temporary folder) reached through a fault proxy,
 * so a suite can lose requests or take the server away. The fields are set by `start`; `stop`
 * ends whatever was started and removes the data.
 */
export function proxiedServer(name: string) {
  const it = { dataDir: '' } as ProxiedServer;
  return Object.assign(it, {
    async start() {
      it.dataDir = mkdtempSync(join(tmpdir(), `bw-${name}-`));
      it.server = await startServerProcess({ dataDir: it.dataDir });
      it.proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: it.server.port } });
    },
    async stop() {
      await it.proxy?.close();
      await it.server?.stop();
      if (it.dataDir) rmSync(it.dataDir, { recursive: true, force: true });
    },
  });
}
