import type { APIRequestContext, Page } from '@playwright/test';
import type { NextResponse } from '../../contract/orders';
import { apiLogin, bearer, loginAs } from './support/fixtures';
import { expect, liveCameraTracks, openedCameraStreams, test } from './support/fake-camera';

/**
 * The scan service's camera source in a real browser: Chromium's fake camera films a QR label
 * (headless Chromium has no BarcodeDetector, so the lazily loaded zxing decoder reads it).
 */

const ORDER = 22;
const PICKER = 'picker@demo.test';
/** A code that is no stop of the order. */
const WRONG_CODE = 'H9-X99';
/** zxing looks at a frame every 150 ms; a loaded 2-core machine needs far longer than one look. */
const DECODE_TIMEOUT = 20_000;

/** The code of the order's first stop, as the server routes it (the device routes the same). */
async function firstStopCode(request: APIRequestContext): Promise<string> {
  const { access_token: token } = await apiLogin(request, PICKER);
  const res = await request.get(`/api/v1/order/next?order_id=${ORDER}`, {
    headers: bearer(token),
  });
  expect(res.status(), 'the order has a stop to pick').toBe(200);
  const stop = (await res.json()) as NextResponse;
  expect(stop.code).not.toBe('');
  return stop.code;
}

/** Signs in as the picker and claims the order on the picker screen. */
async function claimOrder(page: Page): Promise<string> {
  await loginAs(page, PICKER);
  await page.goto(`/order/${ORDER}`);
  await page.getByRole('button', { name: 'Pick', exact: true }).click();
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 15_000 });
  // A fresh sign-in first downloads the order's locations and stock to the device ("Still
  // downloading…"): as the other floor specs, up to 30 s on a busy two-core machine.
  await expect(page.getByText('Scan the location', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  return (await page.getByTestId('location-code').textContent())!.trim();
}

async function openCamera(page: Page) {
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(page.getByRole('dialog', { name: 'Scan with the camera' })).toBeVisible();
}

/** The camera modal is gone and every track the page opened is stopped. */
async function expectCameraReleased(page: Page) {
  await expect(page.getByRole('dialog', { name: 'Scan with the camera' })).toHaveCount(0);
  await expect(page.getByTestId('camera-video')).toHaveCount(0);
  expect(await page.evaluate(openedCameraStreams)).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(liveCameraTracks)).toBe(0);
}

test.describe('the camera films the label of the first stop', () => {
  test.use({ cameraLabel: async ({ request }, use) => use(await firstStopCode(request)) });

  test('the location counts as scanned and the camera is released', async ({
    page,
    cameraLabel,
  }) => {
    expect(await claimOrder(page)).toBe(cameraLabel);
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await openCamera(page);
    // The read closes the camera and hands the code to the picker screen (on a quick machine
    // before the video could be looked at: that the camera was opened is checked at the end).
    await expect(page.getByText('Location scanned')).toBeVisible({ timeout: DECODE_TIMEOUT });
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await expect(page.getByText('This is not the right location.')).toHaveCount(0);
    await expectCameraReleased(page);
  });
});

test.describe('the camera films another location', () => {
  test.use({ cameraLabel: WRONG_CODE });

  test('the picker is told it is not the right location', async ({ page }) => {
    expect(await claimOrder(page)).not.toBe(WRONG_CODE);

    await openCamera(page);
    await expect(page.getByText('This is not the right location.')).toBeVisible({
      timeout: DECODE_TIMEOUT,
    });
    await expectCameraReleased(page);
    await expect(page.getByText('Scan the location', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});

test.describe('the camera films a blank wall', () => {
  test.use({ cameraLabel: null });

  test('closing the camera by hand releases it', async ({ page }) => {
    await claimOrder(page);

    await openCamera(page);
    await expect(page.getByText('Point the camera at the label')).toBeVisible({
      timeout: DECODE_TIMEOUT,
    });
    // The picture runs before the camera is closed.
    await expect
      .poll(() => page.getByTestId('camera-video').evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBe(640);
    expect(await page.evaluate(liveCameraTracks)).toBe(1);

    await page.keyboard.press('Escape');
    await expectCameraReleased(page);
    await expect(page.getByText('Scan the location', { exact: true })).toBeVisible();
  });
});
