import { CatalogManifest } from '../../../contract/catalog-chunks';

/**
 * The catalog's two calls, injected so the sync runs over the app's API client, in the bench and
 * in tests alike. `chunk` returns the response text as it came (stored as it is).
 */
export interface CatalogTransport {
  manifest(): Promise<CatalogManifest>;
  chunk(name: string, hash: string): Promise<string>;
}

/** The server answered, but not with the catalog (e.g. 404 for a chunk that went meanwhile). */
export class CatalogFetchError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`The catalog could not be fetched (${what}: HTTP ${status}).`);
    this.name = 'CatalogFetchError';
  }
}

/** Minimal shape of a ky instance (the app's `api`). */
interface KyLike {
  get(url: string, options: object): PromiseLike<Response>;
}

/** Over the app's ky client: it adds the session and renews it on a 401. */
export function kyCatalogTransport(api: KyLike): CatalogTransport {
  const opts = { throwHttpErrors: false, retry: 0, timeout: 60_000 };
  return {
    async manifest() {
      const res = await api.get('v1/catalog/manifest', opts);
      if (!res.ok) throw new CatalogFetchError(res.status, 'manifest');
      return CatalogManifest.parse(await res.json());
    },
    async chunk(name, hash) {
      const res = await api.get(`v1/catalog/chunks/${encodeURIComponent(name)}`, {
        ...opts,
        searchParams: { hash },
      });
      if (!res.ok) throw new CatalogFetchError(res.status, name);
      return res.text();
    },
  };
}
