import { lazy, useEffect, useState, type ComponentType } from 'react';

/** Pages whose code failed to load, each with what makes its next opening load it again. */
const failedLoads = new Set<() => void>();

/**
 * Called where a page's failure is shown (the route's error screen): the pages that failed to load
 * load again when next opened. Not done at once, or a page that cannot load (no network) would
 * try again and again while it is on screen.
 */
export function forgetFailedLoads(): void {
  for (const renew of failedLoads) renew();
  failedLoads.clear();
}

/**
 * A component whose code loads on demand and which, once that code is here, renders without
 * suspending. React.lazy suspends on its first render even when the code has arrived already (a
 * preloaded page), and a screen that suspended waits out React's 300 ms fallback throttle before
 * it shows, so a reopened page would stand still for a third of a second with nothing to wait for.
 * `preload` starts the download; both share one load.
 */
export function lazyLoaded<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // A load that failed (a network blip, a preload while the Wi-Fi was down) is not kept: the next
  // preload loads again, and so does the page's next opening once its failure was shown
  // (forgetFailedLoads: React.lazy keeps a failure, so that opening gets a new one).
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        failedLoads.add(renew);
        throw error;
      },
    ));
  let Lazy = lazy(preload);
  const renew = () => {
    Lazy = lazy(preload);
  };
  function LazyLoaded(props: P) {
    const Component = (loaded ?? Lazy) as ComponentType<P>;
    return <Component {...props} />;
  }
  return Object.assign(LazyLoaded, { preload });
}

/** How long a part whose code failed to arrive waits before it tries again (sooner when online). */
export const LOAD_AGAIN_AFTER_MS = 30_000;

/**
 * A part of the screen whose code loads after the screen is up: nothing is drawn until its code
 * has arrived, and it never suspends (so it never holds back the reveal of anything else). When
 * its code fails to arrive (no network before the app was stored on the device), it tries again
 * as soon as the browser is back online, or after LOAD_AGAIN_AFTER_MS: these parts (notices, the
 * sync status) stay on screen for the whole visit, so waiting for a next mount would leave them
 * out until the app is started again.
 */
export function loadedLater<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  return function LoadedLater(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Component) return;
      let live = true;
      let stopWaiting = () => undefined as void;
      loading ??= load().then(
        (module) => (loaded = module.default),
        (error: unknown) => {
          loading = undefined; // the next attempt loads again
          throw error;
        },
      );
      void loading.then(
        () => live && setComponent(() => loaded),
        () => {
          if (!live) return;
          const again = () => setAttempt((n) => n + 1);
          const timer = setTimeout(again, LOAD_AGAIN_AFTER_MS);
          window.addEventListener('online', again, { once: true });
          stopWaiting = () => {
            clearTimeout(timer);
            window.removeEventListener('online', again);
          };
        },
      );
      return () => {
        live = false;
        stopWaiting();
      };
    }, [Component, attempt]);
    return Component ? <Component {...props} /> : null;
  };
}
