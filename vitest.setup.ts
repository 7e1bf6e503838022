// fake-indexeddb must be installed before anything imports dexie.
import 'fake-indexeddb/auto';

if (typeof window !== 'undefined') {
  // findBy…/waitFor give up after 5 s, not testing-library's 1 s: two test files run at once, and
  // on a busy machine a lazily loaded screen can take longer than a second to arrive. A wait ends
  // as soon as its condition holds, so a passing test is no slower.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
  if (!window.matchMedia) {
    const { fixedMediaQuery } = await import('./src/test/mediaQuery');
    window.matchMedia = (query: string) => fixedMediaQuery(query, false);
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}
