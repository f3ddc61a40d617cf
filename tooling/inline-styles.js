// The inline <style> blocks the platform's pages carry, and the CSP hashes that allow exactly them
// (style-src has no 'unsafe-inline'). The pages are static files on a CDN, so a per-response nonce is
// impossible; a hash of the fixed text is the same for every build. Every other style is a file.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const { FONT_URL } = require('./web-font');

const root = path.resolve(__dirname, '..');

/**
 * The first-paint frame of every app's page, inlined by tooling/index.html (no round trip before it
 * shows), without its comments. The build does not minify HTML, so this text reaches the page as is.
 */
const BOOT_STYLE = fs
  .readFileSync(path.join(__dirname, 'boot.css'), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replaceAll('HAVEN_TEXT_FONT_URL', FONT_URL)
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean)
  .join('');

/** The shell's offline page: the service worker serves it with no network, so it carries its own styles. */
const OFFLINE_PAGE = path.join(root, 'shell/public/offline.html');

/** The text of every `<style>` element of an HTML document, exactly as the browser hashes it. */
function styleElementsOf(html) {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) => match[1]);
}

/** A CSP source expression allowing one inline style or script by its SHA-256. */
function cspHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash sources for `style-src`: the boot frame and the offline page. */
function inlineStyleHashes() {
  const texts = [BOOT_STYLE, ...styleElementsOf(fs.readFileSync(OFFLINE_PAGE, 'utf8'))];
  return [...new Set(texts.map(cspHash))];
}

module.exports = { BOOT_STYLE, cspHash, inlineStyleHashes, styleElementsOf };
