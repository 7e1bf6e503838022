import { lazy, useEffect, useState, type ComponentType } from 'react';

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
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function LazyLoaded(props: P) {
    const Component = (loaded ?? Lazy) as ComponentType<P>;
    return <Component {...props} />;
  }
  return Object.assign(LazyLoaded, { preload });
}

/**
 * A part of the screen whose code loads after the screen is up: nothing is drawn until its code
 * has arrived, and it never suspends (so it never holds back the reveal of anything else).
 */
export function loadedLater<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  return function LoadedLater(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let live = true;
      loading ??= load().then((module) => (loaded = module.default));
      void loading.then(
        () => live && setComponent(() => loaded),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  };
}
