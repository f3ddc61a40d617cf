import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// The accessibility check every page must pass: axe-core with the WCAG 2.x A and AA rules (2.0, 2.1
// and 2.2 tags). Returns one readable line per violation and node, so a failing test names the rule,
// the element and the page.
// Legacy mode runs axe in the page itself: the default opens a blank page per check to merge the frames'
// partial results (about 0.4 s a check here, over 300 checks a run), and our pages have no frames to merge.
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export async function axeViolations(page: Page, label = page.url()): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label}: ${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help}`,
    ),
  );
}
