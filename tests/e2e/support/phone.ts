import type { Locator, Page, TestInfo } from '@playwright/test';

/** A screenshot kept in the test's report as `name` (`fullPage`: the whole page, not the screen). */
export async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A touch at the centre of the element. */
export async function tapCentre(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}
