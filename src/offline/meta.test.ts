import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUuid } from './meta';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID', () => {
    expect(newUuid()).toMatch(UUID_V4);
  });

  it('still makes distinct version 4 UUIDs where the page is not a secure context', () => {
    // Over plain HTTP by a LAN address the browser leaves randomUUID out of `crypto`.
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const made = new Set(Array.from({ length: 200 }, () => newUuid()));
    expect(made.size).toBe(200);
    for (const id of made) expect(id).toMatch(UUID_V4);
  });
});
