// The product's one web font (Atkinson Hyperlegible Next: drawn for legibility, so I, l and 1 or rn and m
// never blur in a name), self-hosted: its Latin subset as one variable woff2 (weights 200-800), emitted by
// every app's build under a content-hashed name (served immutable) and preloaded by every page. The
// @font-face and its metric-matched fallback are in the inline boot style (tooling/boot.css), so the face
// is declared once per document whichever remote's stylesheet names it.
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');

const FONT_FILE = path.join(
  path.dirname(
    require.resolve('@fontsource-variable/atkinson-hyperlegible-next/package.json', { paths: [path.join(__dirname, '../shared')] }),
  ),
  'files/atkinson-hyperlegible-next-latin-wght-normal.woff2',
);
const FONT_BYTES = fs.readFileSync(FONT_FILE);
/** Where every page finds the font (root-relative: the page's own origin). */
const FONT_URL = `/fonts/haven-text.${createHash('sha256').update(FONT_BYTES).digest('hex').slice(0, 10)}.woff2`;

/** Emits the font at FONT_URL into an app's build. */
class EmitWebFontPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitWebFontPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitWebFontPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(FONT_URL.slice(1), new RawSource(FONT_BYTES)),
      );
    });
  }
}

module.exports = { FONT_FILE, FONT_URL, EmitWebFontPlugin };
