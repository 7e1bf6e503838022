import { afterAll, beforeAll } from 'vitest';
import { startFakeBrickLink, type FakeBrickLink } from '../../tests/support/fake-bricklink';
import {
  startFakeBrickOwl,
  type FakeBrickOwl,
  type FakeBrickOwlOptions,
} from '../../tests/support/fake-brickowl';
import type { DialectName } from '../db';
import type { JobRunner } from '../jobs';
import { createTestApp, type TestApp } from './helpers';
import { testRunner } from './jobs';
import { bearerFor, companyId } from './locations-support';

/** A server whose jobs call a fake BrickLink and a fake BrickOwl, with Demo Bricks' roles. */
export interface MarketplaceSuite {
  t: TestApp;
  bl: FakeBrickLink;
  bo: FakeBrickOwl;
  /** Demo Bricks' company id. */
  demo: number;
  /** A bricksyncer of Demo Bricks. */
  syncer: string;
  /** A picker of Demo Bricks. */
  picker: string;
  /** Runs the server's jobs against the two fakes. */
  runner: JobRunner;
}

/**
 * A marketplace suite's world, set up before its tests (a suite's own beforeAll runs after this
 * one) and closed after them: the fakes first, then the server. `brickowl` sets up the fake BrickOwl.
 */
export function marketplaceSuite(
  dialect: DialectName,
  brickowl: FakeBrickOwlOptions = {},
): MarketplaceSuite {
  const s = {} as MarketplaceSuite;
  beforeAll(async () => {
    s.t = await createTestApp(dialect);
    s.bl = await startFakeBrickLink();
    s.bo = await startFakeBrickOwl(brickowl);
    s.syncer = await bearerFor(s.t.app, 'Demo Bricks', ['bricksyncer']);
    s.picker = await bearerFor(s.t.app, 'Demo Bricks', ['picker']);
    s.demo = await companyId(s.t.app, 'Demo Bricks');
    s.runner = testRunner(s.t.app, { bricklink: s.bl.url, brickowl: s.bo.url });
  });
  afterAll(async () => {
    await s.bl.close();
    await s.bo.close();
    await s.t.close();
  });
  return s;
}
