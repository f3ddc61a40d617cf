import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_STYLE } from './inline-styles';
import { FONT_FILE, FONT_URL } from './web-font';

describe('the web font', () => {
  it('is one Latin woff2 under a content-hashed name (served immutable)', () => {
    expect(FONT_FILE).toMatch(/latin-wght-normal\.woff2$/);
    expect(FONT_URL).toMatch(/^\/fonts\/haven-text\.[0-9a-f]{10}\.woff2$/);
    expect(readFileSync(FONT_FILE).length).toBeLessThan(40 * 1024);
  });

  it('is declared in the boot style at its address, with swap, and a metric-matched fallback', () => {
    expect(BOOT_STYLE).toContain(`src: url(${FONT_URL}) format('woff2')`);
    expect(BOOT_STYLE).not.toContain('HAVEN_TEXT_FONT_URL');
    expect(BOOT_STYLE).toContain('font-display: swap');
    expect(BOOT_STYLE).toMatch(/font-family: 'Haven Text Fallback';[^}]*size-adjust/);
    expect(BOOT_STYLE).toMatch(/font-family:\s*'Haven Text',\s*'Haven Text Fallback'/);
  });

  it('is preloaded by the page template', () => {
    const template = readFileSync(join(__dirname, 'index.html'), 'utf8');
    expect(template).toContain(
      '<link rel="preload" href="<%= htmlWebpackPlugin.options.fontUrl %>" as="font" type="font/woff2" crossorigin />',
    );
  });
});
