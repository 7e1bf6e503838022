// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetFailedLoads, lazyLoaded, LOAD_AGAIN_AFTER_MS, loadedLater } from './lazyLoaded';

afterEach(cleanup);

const Page = ({ name }: { name: string }) => <p>page {name}</p>;

/** Its code fails to arrive the first time (the network blipped), then arrives. */
function flakyLoad() {
  const load = async () => {
    load.calls++;
    if (load.calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: Page };
  };
  load.calls = 0;
  return load;
}

/** What the router's error element does: shows that the page could not be shown. */
class Failed extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    forgetFailedLoads();
  }
  render() {
    return this.state.failed ? <p>could not be shown</p> : this.props.children;
  }
}

describe('lazyLoaded', () => {
  it('loads on first render behind the fallback', async () => {
    const LazyPage = lazyLoaded(async () => ({ default: Page }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage name="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('page a')).toBeTruthy();
  });

  it('once preloaded, draws in the first render without suspending', async () => {
    const LazyPage = lazyLoaded(async () => ({ default: Page }));
    await LazyPage.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage name="b" />
      </Suspense>,
    );
    // No fallback was ever drawn: the page is there in the very first render.
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('page b')).toBeTruthy();
  });

  it('loads again when drawn after its preload failed', async () => {
    const load = flakyLoad();
    const LazyPage = lazyLoaded(load);
    await expect(LazyPage.preload()).rejects.toThrow(TypeError);
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage name="c" />
      </Suspense>,
    );
    expect(await screen.findByText('page c')).toBeTruthy();
    expect(load.calls).toBe(2);
  });

  it('draws the page when opened again after its load failed on screen', async () => {
    const load = flakyLoad();
    const LazyPage = lazyLoaded(load);
    const open = () =>
      render(
        <Failed>
          <Suspense fallback={<p>loading</p>}>
            <LazyPage name="d" />
          </Suspense>
        </Failed>,
      );
    const first = open();
    expect(await screen.findByText('could not be shown')).toBeTruthy();
    first.unmount();
    open();
    expect(await screen.findByText('page d')).toBeTruthy();
    expect(load.calls).toBe(2);
  });
});

describe('loadedLater', () => {
  it('draws nothing until its code is here, then the part, and never shows a fallback', async () => {
    let arrive: (m: { default: typeof Page }) => void = () => undefined;
    const Later = loadedLater(() => new Promise<{ default: typeof Page }>((r) => (arrive = r)));
    render(
      <Suspense fallback={<p>loading</p>}>
        <span>shell</span>
        <Later name="c" />
      </Suspense>,
    );
    expect(screen.getByText('shell')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.queryByText('page c')).toBeNull();
    await act(async () => arrive({ default: Page }));
    expect(screen.getByText('page c')).toBeTruthy();
    expect(screen.getByText('shell')).toBeTruthy();
  });

  it('loads again on its next mount when its code failed to arrive', async () => {
    const load = flakyLoad();
    const Later = loadedLater(load);
    const first = render(<Later name="e" />);
    await act(async () => undefined);
    expect(screen.queryByText('page e')).toBeNull();
    first.unmount();
    render(<Later name="e" />);
    expect(await screen.findByText('page e')).toBeTruthy();
    expect(load.calls).toBe(2);
  });

  /** A part drawn once whose first load failed: nothing is shown. Answers its load. */
  async function failedOnScreen(name: string) {
    const load = flakyLoad();
    const Later = loadedLater(load);
    render(<Later name={name} />);
    await act(async () => undefined);
    expect(screen.queryByText(`page ${name}`)).toBeNull();
    return load;
  }

  it('loads again while on screen once the browser is back online', async () => {
    const load = await failedOnScreen('f');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('page f')).toBeTruthy();
    expect(load.calls).toBe(2);
  });

  it('loads again while on screen after a while, without an online event', async () => {
    vi.useFakeTimers();
    try {
      const load = await failedOnScreen('g');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(LOAD_AGAIN_AFTER_MS - 1);
      });
      expect(load.calls).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByText('page g')).toBeTruthy();
      expect(load.calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
