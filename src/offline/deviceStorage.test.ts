import { describe, expect, it } from 'vitest';
import { storageTrouble } from './deviceStorage';

const MB = 1024 * 1024;

describe('storage trouble told in the header', () => {
  it('is "nearly-full" from 90% of the quota, "full" once a write was refused for want of space', () => {
    expect(storageTrouble({ usage: 95 * MB, quota: 100 * MB, persisted: true }, 0, false)).toBe(
      'nearly-full',
    );
    expect(
      storageTrouble({ usage: 85 * MB, quota: 100 * MB, persisted: true }, 0, false),
    ).toBeNull();
    expect(storageTrouble({ usage: 1 * MB, quota: 100 * MB }, 0, true)).toBe('full');
    expect(storageTrouble(null, 0, true)).toBe('full');
  });

  it('is "at-risk" only while unsent changes could be deleted with the data', () => {
    const notKept = { usage: 1 * MB, quota: 100 * MB, persisted: false };
    expect(storageTrouble(notKept, 2, false)).toBe('at-risk');
    expect(storageTrouble(notKept, 0, false)).toBeNull();
    expect(storageTrouble({ ...notKept, persisted: true }, 2, false)).toBeNull();
  });

  it('is nothing when the browser cannot tell', () => {
    expect(storageTrouble({}, 3, false)).toBeNull();
    expect(storageTrouble(null, 3, false)).toBeNull();
  });
});
