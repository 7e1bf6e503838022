// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  askWorkerToFlush,
  onWorkerFlushed,
  OUTBOX_SYNC_TAG,
  PERIODIC_SYNC_MIN_INTERVAL_MS,
  registerPeriodicOutboxSync,
} from './outbox-worker';

/**
 * jsdom has no service workers, permissions or periodic sync: the browser's side is played by
 * small stand-ins with the platform's shapes.
 */
const nav = navigator as unknown as Record<string, unknown>;
const saved = { serviceWorker: nav.serviceWorker, permissions: nav.permissions };

function platform(permission: 'granted' | 'prompt' | 'denied' | 'unknown', tags: string[] = []) {
  const registered: Array<{ tag: string; options: unknown }> = [];
  const posted: unknown[] = [];
  const events = new EventTarget();
  const registration = {
    periodicSync: {
      getTags: async () => tags,
      register: async (tag: string, options: unknown) => {
        registered.push({ tag, options });
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: Object.assign(events, {
      ready: Promise.resolve(registration),
      controller: { postMessage: (m: unknown) => posted.push(m) },
    }),
  });
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: {
      query: async ({ name }: { name: string }) => {
        if (permission === 'unknown') throw new TypeError(`${name} is not a valid permission`);
        return { state: permission };
      },
    },
  });
  return { registered, posted, events };
}

afterEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: saved.serviceWorker,
  });
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: saved.permissions });
});

describe('periodic outbox sync', () => {
  it('registers once where the permission is granted', async () => {
    const { registered } = platform('granted');
    expect(await registerPeriodicOutboxSync()).toBe(true);
    expect(registered).toEqual([
      { tag: OUTBOX_SYNC_TAG, options: { minInterval: PERIODIC_SYNC_MIN_INTERVAL_MS } },
    ]);
  });

  it('does not register it again', async () => {
    const { registered } = platform('granted', [OUTBOX_SYNC_TAG]);
    expect(await registerPeriodicOutboxSync()).toBe(true);
    expect(registered).toEqual([]);
  });

  it('leaves it where the permission is not granted or unknown', async () => {
    for (const permission of ['prompt', 'denied', 'unknown'] as const) {
      const { registered } = platform(permission);
      expect(await registerPeriodicOutboxSync()).toBe(false);
      expect(registered).toEqual([]);
    }
  });
});

describe('messages with the worker', () => {
  it('asks the controlling worker to flush', () => {
    const { posted } = platform('granted');
    expect(askWorkerToFlush()).toBe(true);
    expect(posted).toEqual([{ type: 'flush-outbox' }]);
  });

  it('hears only what the worker sent', () => {
    const { events } = platform('granted');
    let heard = 0;
    const stop = onWorkerFlushed(() => heard++);
    events.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    events.dispatchEvent(
      new MessageEvent('message', { data: { type: 'outbox-flushed', applied: 2, rejected: 0 } }),
    );
    stop();
    events.dispatchEvent(new MessageEvent('message', { data: { type: 'outbox-flushed' } }));
    expect(heard).toBe(1);
  });
});
