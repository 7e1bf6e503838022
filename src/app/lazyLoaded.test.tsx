// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyLoaded, loadedLater } from './lazyLoaded';

afterEach(cleanup);

const Page = ({ name }: { name: string }) => <p>page {name}</p>;

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
});
