import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { loadCatalogIndex } from './load';
import { mouldFacts, type CatalogFacts } from './facts';
import { startCatalogSync } from './schedule';
import { catalogStatus, type CatalogStatusState } from './status';
import { kyCatalogTransport } from './transport';

export function useCatalogStatus<T>(selector: (state: CatalogStatusState) => T): T {
  return useStore(catalogStatus, selector);
}

/** Runs the catalog sync while someone is signed in (`owner` set), over the app's API client. */
export function useCatalogSync(owner: string, api: Parameters<typeof kyCatalogTransport>[0]) {
  useEffect(() => {
    if (!owner) return;
    return startCatalogSync({ transport: kyCatalogTransport(api) });
  }, [owner, api]);
}

/** A mould's catalog facts from the device's catalog (null until known, or when it is not there). */
export function useCatalogFacts(moldId: number | null | undefined): CatalogFacts | null {
  const generation = useCatalogStatus((s) => s.generation);
  const [facts, setFacts] = useState<CatalogFacts | null>(null);
  useEffect(() => {
    if (moldId === null || moldId === undefined) return;
    let live = true;
    loadCatalogIndex()
      .then((index) => live && setFacts(mouldFacts(index, moldId)))
      .catch(() => live && setFacts(null));
    return () => {
      live = false;
    };
  }, [moldId, generation]);
  return moldId === null || moldId === undefined ? null : facts;
}
