import { describe, expect, it } from 'vitest';
import { AT_RISK_AFTER_MS, offlineAbility } from './offlineAbility';

const https = { secureContext: true, serviceWorkers: true };
const now = 1_000_000_000;

describe('offlineAbility', () => {
  it('works online only without a secure context or without service workers', () => {
    expect(offlineAbility({ secureContext: false, serviceWorkers: true })).toBe('online-only');
    expect(offlineAbility({ secureContext: true, serviceWorkers: false })).toBe('online-only');
    expect(offlineAbility({ secureContext: false, serviceWorkers: false, persisted: true })).toBe(
      'online-only',
    );
  });

  it('leaves a device alone while its storage is kept, or nothing has waited a while', () => {
    expect(offlineAbility(https, now)).toBe('ok');
    expect(offlineAbility({ ...https, persisted: false }, now)).toBe('ok');
    expect(offlineAbility({ ...https, persisted: false, oldestUnsentAt: now - 5_000 }, now)).toBe(
      'ok',
    );
    expect(
      offlineAbility({ ...https, persisted: true, oldestUnsentAt: now - 3_600_000 }, now),
    ).toBe('ok');
    expect(offlineAbility({ ...https, oldestUnsentAt: now - 3_600_000 }, now)).toBe('ok');
  });

  it('warns when the browser may delete work that has waited a minute to be sent', () => {
    expect(
      offlineAbility({ ...https, persisted: false, oldestUnsentAt: now - AT_RISK_AFTER_MS }, now),
    ).toBe('unsent-at-risk');
  });
});
