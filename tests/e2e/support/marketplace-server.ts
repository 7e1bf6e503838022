import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startDemoFakes, type DemoFakes } from '../../../scripts/demo-marketplaces/fakes';
import type { FakeBrickLink } from '../../support/fake-bricklink';
import type { FakeBrickOwl } from '../../support/fake-brickowl';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { DEMO_PASSWORD, expect, test } from './fixtures';

export interface MarketplaceServer {
  server: ServerProcess;
  bricklink: FakeBrickLink;
  brickowl: FakeBrickOwl;
}

/**
 * A spec file's own server (fresh demo data, its job runner on) whose marketplaces are the demo's
 * fake BrickLink and BrickOwl (every BrickLink item is on the fake BrickOwl), started on free
 * ports. Registers the file's beforeAll/afterAll; read the fields in tests.
 */
export function useMarketplaceServer(name: string): MarketplaceServer {
  const it = {} as MarketplaceServer;
  let fakes: DemoFakes | undefined;
  let dataDir = '';
  test.beforeAll(async () => {
    // A fresh server migrates and loads the demo data first: slow on a busy machine.
    test.setTimeout(120_000);
    fakes = await startDemoFakes({ bricklink: 0, brickowl: 0 });
    it.bricklink = fakes.bricklink;
    it.brickowl = fakes.brickowl;
    dataDir = mkdtempSync(join(tmpdir(), `bw-${name}-`));
    // A private copy of the built PWA, so a rebuild of dist/ meanwhile cannot pull files away.
    const pwa = join(dataDir, 'pwa');
    cpSync('dist', pwa, { recursive: true });
    it.server = await startServerProcess({
      dataDir,
      timeoutMs: 110_000,
      env: {
        STATIC_DIR: pwa,
        JOB_RUNNER: '1',
        ORDER_INTAKE_MINUTES: '0',
        BRICKLINK_API_URL: fakes.bricklink.url,
        BRICKOWL_API_URL: fakes.brickowl.url,
      },
    });
  });
  test.afterAll(async () => {
    await it.server?.stop();
    await fakes?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return it;
}

/** Signs in on the server's start page as `email` (a demo account). */
export async function logIn(page: Page, serverUrl: string, email: string): Promise<void> {
  await page.goto(`${serverUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/$/);
}

/** Opens an entry of the main menu. */
export async function menu(page: Page, entry: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: entry })
    .click();
}
