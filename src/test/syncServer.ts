import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MutationResult, PullQuery, PushRequest } from '../../contract/sync';
import type { PullFn, PushFn } from '../offline/transport';

/** A planned failure for the next push or pull request. */
export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Cut the connection without an answer, before doing anything. */
  | { kind: 'drop' }
  /** Apply the mutations, then cut the connection: the client never sees the answer. */
  | { kind: 'apply-then-drop' }
  /** Process only the first `count` mutations (internal fault) and answer for those. */
  | { kind: 'prefix'; count: number };

interface Versioned {
  key: string | number;
  row: Record<string, unknown>;
  version: number;
  deleted: boolean;
}

/**
 * An in-process HTTP server speaking contract/sync.ts, with the server's rules: each mutation id
 * is applied at most once and its result recorded forever. Its business model is one stock
 * counter: `stock.add.v1 {qty}` and `stock.remove.v1 {qty}` (rejected when stock is short).
 * Faulty entries for the engine's tests: `fault.v1` is answered `failed` (a server fault on that
 * entry, nothing recorded); a batch holding `poison.v1` is refused whole with 400; a batch holding
 * `crash.v1` gets a 500.
 */
export async function startSyncServer() {
  const state = {
    stock: 10,
    /** The access token the server accepts (null: no auth check). */
    token: null as string | null,
    results: new Map<string, MutationResult>(),
    /** Every mutation received, in arrival order (including duplicates). */
    received: [] as Array<{ id: string; seq: number; name: string }>,
    applied: [] as string[],
    pushes: 0,
    inFlight: 0,
    maxInFlight: 0,
    pullQueries: [] as PullQuery[],
    pushFaults: [] as Fault[],
    pullFaults: [] as Fault[],
    /** While set, push answers wait for it (to hold a request in flight). */
    gate: null as Promise<void> | null,
    version: 0,
    collections: new Map<string, Map<string | number, Versioned>>(),
  };

  function applyMutation(m: PushRequest['mutations'][number]): MutationResult {
    const known = state.results.get(m.id);
    if (known) return known;
    const qty = Number((m.args as { qty?: unknown })?.qty);
    let result: MutationResult;
    if (m.name === 'stock.add.v1') {
      state.stock += qty;
      result = { id: m.id, status: 'applied' };
    } else if (m.name === 'stock.remove.v1' && qty > state.stock) {
      result = {
        id: m.id,
        status: 'rejected',
        code: 'stock_insufficient',
        message: `Only ${state.stock} left at this location.`,
      };
    } else if (m.name === 'stock.remove.v1') {
      state.stock -= qty;
      result = { id: m.id, status: 'applied' };
    } else {
      result = { id: m.id, status: 'rejected', code: 'unknown_mutation', message: m.name };
    }
    if (result.status === 'applied') state.applied.push(m.id);
    state.results.set(m.id, result);
    return result;
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }

  function send(res: ServerResponse, status: number, body: unknown, headers = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  async function push(req: IncomingMessage, res: ServerResponse) {
    const body = (await readJson(req)) as PushRequest;
    state.pushes++;
    const fault = state.pushFaults.shift();
    if (fault?.kind === 'drop') return res.destroy();
    if (fault?.kind === 'status') return send(res, fault.status, { errors: [] }, fault.headers);
    const names = new Set(body.mutations.map((m) => m.name));
    if (names.has('poison.v1')) {
      return send(res, 400, {
        errors: [{ detail: 'note: Invalid text', code: 'invalid_request' }],
      });
    }
    if (names.has('crash.v1')) return send(res, 500, { errors: [{ detail: 'boom' }] });
    const todo = fault?.kind === 'prefix' ? body.mutations.slice(0, fault.count) : body.mutations;
    const results = todo.map((m): MutationResult => {
      state.received.push({ id: m.id, seq: m.seq, name: m.name });
      if (m.name === 'fault.v1') {
        return { id: m.id, status: 'failed', code: 'server_error', message: 'It broke' };
      }
      return applyMutation(m);
    });
    if (fault?.kind === 'apply-then-drop') return res.destroy();
    if (state.gate) await state.gate;
    const last_seq = Math.max(0, ...state.received.map((r) => r.seq));
    send(res, 200, { results, last_seq });
  }

  function pull(url: URL, res: ServerResponse) {
    const query: PullQuery = {
      collection: url.searchParams.get('collection') ?? '',
      cursor: Number(url.searchParams.get('cursor') ?? 0),
      limit: Number(url.searchParams.get('limit') ?? 1000),
    };
    state.pullQueries.push(query);
    const fault = state.pullFaults.shift();
    if (fault?.kind === 'drop') return res.destroy();
    if (fault?.kind === 'status') return send(res, fault.status, { errors: [] }, fault.headers);
    const changed = [...(state.collections.get(query.collection)?.values() ?? [])]
      .filter((v) => v.version > query.cursor)
      .sort((a, b) => a.version - b.version);
    const page = changed.slice(0, query.limit);
    send(res, 200, {
      collection: query.collection,
      rows: page.filter((v) => !v.deleted).map((v) => v.row),
      tombstones: page.filter((v) => v.deleted).map((v) => v.key),
      cursor: page.length ? page[page.length - 1].version : query.cursor,
      has_more: changed.length > page.length,
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const run = async () => {
      if (state.token && req.headers.authorization !== `Bearer ${state.token}`) {
        return send(res, 401, { errors: [{ detail: 'Unauthorized' }] });
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/sync/push') return push(req, res);
      if (req.method === 'GET' && url.pathname === '/api/v1/sync/pull') return pull(url, res);
      send(res, 404, { errors: [{ detail: 'Not found' }] });
    };
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    res.on('close', () => state.inFlight--);
    run().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

  /** The client's current access token (tests change it to simulate expiry and refresh). */
  const client = { token: null as string | null };
  const headers = () => ({
    'content-type': 'application/json',
    ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
  });
  const pushFn: PushFn = (body) =>
    fetch(`${base}/v1/sync/push`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(body),
    });
  const pullFn: PullFn = (q) =>
    fetch(`${base}/v1/sync/pull?collection=${q.collection}&cursor=${q.cursor}&limit=${q.limit}`, {
      headers: headers(),
    });

  /** Server-side write to a collection (a new version, as the real server's triggers would). */
  function upsert(collection: string, key: string | number, row: Record<string, unknown>) {
    const rows = state.collections.get(collection) ?? new Map<string | number, Versioned>();
    state.collections.set(collection, rows);
    rows.set(key, { key, row, version: ++state.version, deleted: false });
  }
  function remove(collection: string, key: string | number) {
    const existing = state.collections.get(collection)?.get(key);
    if (existing) Object.assign(existing, { deleted: true, version: ++state.version });
  }

  return {
    /** The API prefix, e.g. http://127.0.0.1:1234/api */
    base,
    state,
    client,
    pushFn,
    pullFn,
    upsert,
    remove,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SyncServer = Awaited<ReturnType<typeof startSyncServer>>;
