import type { Locator, Page } from '@playwright/test';
import type { TrayListResponse } from '../../contract/warehouse';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { claimableOrder, orderItems } from './support/orders';
import { wedgeScan } from './support/scanner';
import { shoot, tapCentre } from './support/phone';

/**
 * A finger on a 360 × 740 phone: every tap on a floor button lands on that button, also while a
 * notice shows, and a tap on a question's answer is never taken by the button beneath it. Each
 * tap is a touch at the centre of the element, as a thumb makes it.
 */

const PHONE = { width: 360, height: 740 };
/** Orders other specs pick by number. */
const USED_ELSEWHERE = new Set([1, 2, 3, 5, 21, 22]);

const SKIPPED = 'You did not pick what was ordered, so this item will be skipped';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** The element a finger at the centre of `target` would touch is `target` or inside it. */
async function centreHits(target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  return target.evaluate(
    (el, { x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === el || el.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

/** The page swiped to its end, as a thumb does to reach the last controls above the bar. */
async function toTheEnd(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
}

async function pickedOf(page: Page, token: string, orderId: number): Promise<number> {
  const items = await orderItems(page.request, token, orderId);
  return items.reduce((n, i) => n + i.quantity_picked, 0);
}

/**
 * The picker signs in and opens an order with stock still to pick, at its first stop. Answers the
 * picker's token, the order and how much of it the server had picked before.
 */
async function startPicking(page: Page) {
  const { access_token: token } = await apiLogin(page.request, 'picker@demo.test');
  const order = await claimableOrder(page.request, token, {
    skip: USED_ELSEWHERE,
    withStock: true,
  });
  const before = await pickedOf(page, token, order.id);
  await loginAs(page, 'picker@demo.test');
  await page.goto(`/picker/${order.id}`);
  await expect(page.getByTestId('location-code')).toBeVisible({ timeout: 30_000 });
  return { token, order, before };
}

test('Confirm takes the tap while an error notice shows', async ({ page }, testInfo) => {
  const { token, order, before } = await startPicking(page);

  // A wrong code, then the right one: the error notice is still up when the thumb goes to Confirm.
  await wedgeScan(page, 'NOT-A-LOCATION');
  const notice = page.getByText('This is not the right location.');
  await expect(notice).toBeVisible();
  const code = (await page.getByTestId('location-code').textContent())!.trim();
  await wedgeScan(page, code);
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeEnabled();
  await expect(notice).toBeVisible();
  await shoot(page, testInfo, 'confirm-under-notice');
  expect(await centreHits(confirm), 'nothing lies over Confirm').toBe(true);
  const quantity = Number(await page.getByLabel('Quantity').inputValue());
  await tapCentre(page, confirm);
  await expect
    .poll(() => pickedOf(page, token, order.id), { timeout: 15_000 })
    .toBe(before + quantity);
});

test('the skip question sits above Confirm: each answer does what it says', async ({
  page,
}, testInfo) => {
  const { token, order, before } = await startPicking(page);
  // A wrong code first: its error notice (up for 10 s) is still there when the picker reaches
  // for Skip. (The claim's own notice is up for 4 s only, too short to count on under load.)
  await wedgeScan(page, 'NOT-A-LOCATION');
  await expect(page.getByText('This is not the right location.')).toBeVisible();
  const code = (await page.getByTestId('location-code').textContent())!.trim();
  await wedgeScan(page, code);
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeEnabled();

  // Keep picking: the question goes, nothing is skipped or picked, Confirm is back.
  // The picker swipes to the end of the card, where Skip is: it is above the notice, not under
  // it nor under the bar.
  await expect(page.getByText('This is not the right location.')).toBeVisible();
  const skip = page.getByRole('button', { name: 'Skip item' });
  await toTheEnd(page);
  await shoot(page, testInfo, 'skip-button');
  await expect.poll(() => centreHits(skip), { message: 'nothing lies over Skip item' }).toBe(true);
  await tapCentre(page, skip);
  const keep = page.getByRole('button', { name: 'Keep picking' });
  await expect(keep).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await shoot(page, testInfo, 'skip-question');
  expect(await centreHits(keep)).toBe(true);
  await tapCentre(page, keep);
  await expect(page.getByTestId('skip-ask')).toHaveCount(0);
  await expect(confirm).toBeEnabled();
  await expect(page.getByText(SKIPPED)).toHaveCount(0);

  // Yes, skip: the item is skipped, not confirmed.
  await toTheEnd(page);
  await tapCentre(page, page.getByRole('button', { name: 'Skip item' }));
  const yes = page.getByRole('button', { name: 'Yes, skip' });
  expect(await centreHits(yes)).toBe(true);
  await tapCentre(page, yes);
  await expect(page.getByText(SKIPPED)).toBeVisible();
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0, { timeout: 15_000 });
  expect(await pickedOf(page, token, order.id)).toBe(before);
});

test('Submit takes the tap while an error notice shows', async ({ page }, testInfo) => {
  const { access_token: token } = await apiLogin(page.request, 'picker@demo.test');
  const res = await page.request.get('/api/v1/warehouse/trays', { headers: bearer(token) });
  const { results } = (await res.json()) as TrayListResponse;
  // The last open tray: the filling specs take theirs from the front.
  const tray = results
    .filter((t) => t.status === 'ready for filling' && t.item_id !== null)
    .at(-1)!;
  expect(tray, 'a tray to fill').toBeDefined();
  await loginAs(page, 'picker@demo.test');
  await page.goto(`/trays/${tray.tray_id}`);
  await expect(page.getByTestId('fill-tray')).toBeVisible({ timeout: 30_000 });
  const option = page.locator('[data-code]').first();
  await expect(option).toBeVisible({ timeout: 30_000 });
  const code = (await option.getAttribute('data-code'))!;

  await wedgeScan(page, 'NOT-A-LOCATION');
  const notice = page.getByText(/is not one of the locations for this tray/);
  await expect(notice).toBeVisible();
  // A pointer resting on the notice keeps it up while the right location is scanned (again when
  // a busy phone lost the scan, as a real scanner's would be).
  await notice.hover();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(async () => {
    await wedgeScan(page, code);
    await expect(submit).toBeEnabled({ timeout: 4_000 });
  }).toPass({ timeout: 30_000 });
  await expect(notice).toBeVisible();
  await shoot(page, testInfo, 'submit-under-notice');
  expect(await centreHits(submit), 'nothing lies over Submit').toBe(true);
  await tapCentre(page, submit);
  await expect(page).toHaveURL(/\/trays\?batch_id=/);
  await expect
    .poll(
      async () => {
        const detail = await page.request.get(`/api/v1/warehouse/tray?tray_id=${tray.tray_id}`, {
          headers: bearer(token),
        });
        return (await detail.json()).status;
      },
      { timeout: 15_000 },
    )
    .toBe('filled');
});
