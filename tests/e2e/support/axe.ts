import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An accessibility audit of a page's own content (axe-core, WCAG 2.1 A and AA rules; the shell's
 * header and menu are the same on every page): the test fails with each violation's rule and the
 * elements it found. `skip` names rules left out, each for a reason the caller gives.
 */
export async function expectAccessible(
  page: Page,
  { within = 'main', skip = [] }: { within?: string; skip?: string[] } = {},
): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .include(within)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(skip)
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}
