import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

// The accessibility check every page must pass: axe-core with the WCAG 2.x A and AA rules (2.0, 2.1
// and 2.2 tags). Returns one readable line per violation and node, so a failing test names the rule,
// the element and the page.
// Legacy mode runs axe in the page itself: the default opens a blank page per check to merge the frames'
// partial results (about 0.4 s a check here, over 300 checks a run), and our pages have no frames to merge.
// axe is put into a document once: AxeBuilder evaluates its 1.5 MB source twice on every check, and a
// route walk checks dozens of pages in one document (in-app moves); a full load starts a document without it.
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

// The source and the configuration AxeBuilder puts into each frame in legacy mode: its own axe-core (not a
// dependency of this package of its own, so the two can never differ).
let axeSource: string | null = null;
const axeCoreSource = () => (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;
const CONFIGURE = ";axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })";

async function withAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function')) return;
  axeSource ??= axeCoreSource();
  await frame.evaluate(axeSource);
  await frame.evaluate(CONFIGURE);
}

export async function axeViolations(page: Page, label = page.url()): Promise<string[]> {
  // Every frame, as AxeBuilder's legacy run does (a frame that cannot take it is left out the same way).
  await withAxe(page.mainFrame());
  for (const frame of page.frames()) if (frame !== page.mainFrame()) await withAxe(frame).catch(() => undefined);
  // AxeBuilder's legacy run: its context (no include or exclude) and the tags as runOnly.
  const { error, violations } = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
    try {
      return {
        error: null,
        violations: (await axe.run({ exclude: [], include: [] }, { runOnly: { type: 'tag', values: tags } })).violations,
      };
    } catch (caught) {
      return { error: String((caught as Error).message), violations: [] };
    }
  }, WCAG_TAGS);
  if (error) throw new Error(error);
  return readable(violations, label);
}

/** One line per violation and node: the page, the rule, its impact, the element and what to fix. */
function readable(violations: AxeResults['violations'], label: string): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label}: ${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help}`,
    ),
  );
}

/** The same check through AxeBuilder itself (a fresh copy of axe each time): what axeViolations must agree with. */
export async function axeBuilderViolations(page: Page, label = page.url()): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return readable(violations, label);
}
