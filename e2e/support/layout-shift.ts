import type { Page } from '@playwright/test';

export interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __hvShifts?: Shift[];
  }
}

/** Records every layout shift without recent input from the first byte on (Layout Instability API). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__hvShifts = [];
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      const cls = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    new PerformanceObserver((list) => {
      // The entry type is not in TypeScript's DOM library: the fields used are read as the API defines them.
      for (const e of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node: Node | null }>;
      }>) {
        if (!e.hadRecentInput) window.__hvShifts!.push({ value: e.value, sources: (e.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far and their sum (what CLS adds up within a session window; a sum is never less). */
export async function layoutShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(() => window.__hvShifts ?? []);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}
