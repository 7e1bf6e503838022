import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { openDeviceCatalog, type DeviceCatalog } from './device';
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

export type DeviceCatalogState =
  { state: 'opening' } | { state: 'none' } | { state: 'ready'; catalog: DeviceCatalog };

/**
 * The device's copy of the catalog for a search screen: 'opening' while its index is built,
 * 'none' when the device holds no copy, else the copy; opened again when the stored copy changes.
 */
export function useDeviceCatalog(): DeviceCatalogState {
  const generation = useCatalogStatus((s) => s.generation);
  const [state, setState] = useState<DeviceCatalogState>({ state: 'opening' });
  useEffect(() => {
    let live = true;
    openDeviceCatalog().then(
      (catalog) => live && setState(catalog ? { state: 'ready', catalog } : { state: 'none' }),
      () => live && setState({ state: 'none' }),
    );
    return () => {
      live = false;
    };
  }, [generation]);
  return state;
}
