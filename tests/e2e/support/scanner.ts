import type { Page } from '@playwright/test';

/**
 * A keyboard-wedge handheld scanner: it types the whole code as one burst of key events ending
 * with Enter, faster than a person can. Playwright's own key presses go through the browser's
 * input pipeline one by one and, on a loaded 2-core machine, arrive 30–200 ms apart — slower than
 * any scanner, so the wedge detector (rightly) refuses them as human typing. Here the burst is
 * dispatched inside the page in one task, as the scanner's keyboard driver delivers it, to the
 * focused element (or the body) so it reaches the document-level detector like real keys.
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  await page.evaluate((text) => {
    // The scan bar's manual field handles its own typing; a scanner aimed at the page goes past it.
    const focused = document.activeElement as HTMLElement | null;
    if (focused?.closest('[data-scan-ignore]')) focused.blur();
    const target = (document.activeElement as HTMLElement | null) ?? document.body;
    const press = (key: string) => {
      const init = { key, bubbles: true, cancelable: true, composed: true };
      target.dispatchEvent(new KeyboardEvent('keydown', init));
      target.dispatchEvent(new KeyboardEvent('keyup', init));
    };
    for (const ch of text) press(ch);
    press('Enter');
  }, code);
}
