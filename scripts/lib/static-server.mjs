// Serves one app's build the way a CDN would: hashed assets cached forever, entry files revalidated,
// Brotli or gzip, CORS open (the shell loads remotes from other origins), SPA fallback to index.html
// (404 where the route table says no app owns the path), security headers (./security-headers.mjs).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { securityHeaders } from './security-headers.mjs';
import { preloadLinks } from './preload-links.mjs';
import { NOT_FOUND_DOCUMENT, PRERENDER_DIR, prerenderedFile } from '../../shell/src/prerender/prerendered-routes.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
// Source maps are never public (the build keeps them out of dist; this guards a folder that has one).
const NEVER_SERVED = /\.map$/i;
/** A plain answer with no page: still nosniff, like every response. */
const PLAIN = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
// Files whose name is not content-hashed: every load must revalidate them.
const ENTRY_FILES = new Set([
  'index.html',
  'sitemap.xml',
  'robots.txt',
  'config.json',
  'main.js',
  'remoteEntry.js',
  'mf-manifest.json',
  'mf-stats.json',
  'federation-runtime.js',
  'boot-timeout.js',
  'warm-intl.js',
]);
const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|png|jpg|webp|woff2)$/;

// The installable web app's files: a new build's service worker, manifest and offline page
// must be found on the next load, so they are revalidated every time like the entry files.
const WEB_APP_FILES = new Set(['sw.js', 'manifest.webmanifest', 'offline.html']);
function isWebAppFile(fileName) {
  return WEB_APP_FILES.has(fileName);
}

function cacheControl(fileName) {
  if (ENTRY_FILES.has(fileName) || isWebAppFile(fileName)) return 'no-cache';
  if (HASHED.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

// Brotli first (smaller), gzip for clients without it. Compressed once per file content.
const ENCODINGS = [
  { name: 'br', compress: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) },
  { name: 'gzip', compress: (body) => gzipSync(body) },
];

const NOINDEX_META = '<meta name="robots" content="noindex">';

/**
 * Mounted folders (the one-origin release server: `/remotes/<remote>/<version>/…`, scripts/lib/releases.mjs).
 * A mount maps a path under its prefix to a file (or null: not served) and has its own cache rule.
 * @returns {{ filePath: string | null, cacheControl: (fileName: string) => string } | null} null: no mount owns the path
 */
function resolveMounted(mounts, pathname) {
  const mount = mounts.find(({ prefix }) => pathname.startsWith(prefix));
  if (!mount) return null;
  return { filePath: mount.resolve(pathname), cacheControl: mount.cacheControl };
}

/**
 * A page the build prerendered (public provider profiles and list): /provider/<uuid>/ and
 * /provider/<uuid> are served from provider/<uuid>/index.html; null when there is none.
 */
async function prerenderedPage(filePath, info) {
  const candidate = info?.isDirectory() ? join(filePath, 'index.html') : `${filePath}${sep}index.html`;
  return (await stat(candidate).catch(() => null))?.isFile() ? candidate : null;
}

/**
 * The shell's page (the server that knows the route table) names what its route loads next in `Link`
 * headers (./preload-links.mjs), so the config and the remote entry do not wait for main.js.
 */
function pageLinks(runtimeConfig, isKnownRoute, fileName, pathname) {
  if (!runtimeConfig || !isKnownRoute || fileName !== 'index.html') return {};
  return { Link: preloadLinks(runtimeConfig(), pathname).join(', ') };
}

/**
 * @param {{ root: string, port: number, host?: string, runtimeConfig?: () => unknown,
 *   isKnownRoute?: (pathname: string) => boolean, prerendered?: boolean,
 *   mounts?: Array<{ prefix: string, resolve: (pathname: string) => string | null, cacheControl: (fileName: string) => string }> }} options
 *   isKnownRoute: for the shell, whether any app owns a path; others answer 404 with the page (which
 *   renders the not-found page) marked noindex.
 *   prerendered: answer a page from the build's snapshots (shell/dist/prerendered) where there is one;
 *   off while the build captures them.
 * @returns {Promise<import('node:http').Server>}
 */
export function serveStatic({ root, port, host = '127.0.0.1', runtimeConfig, isKnownRoute, mounts = [], prerendered = true }) {
  const compressed = new Map();

  async function send(req, res, status, body, type, fileName, pathname, cache = cacheControl(fileName)) {
    const html = type.startsWith('text/html');
    const headers = {
      'Content-Type': type,
      'Cache-Control': cache,
      'Access-Control-Allow-Origin': '*',
      ...(runtimeConfig ? securityHeaders(runtimeConfig(), { pathname, document: html }) : { 'X-Content-Type-Options': 'nosniff' }),
      ...pageLinks(runtimeConfig, isKnownRoute, fileName, pathname),
      Vary: 'Accept-Encoding',
    };
    if (status === 404) headers['X-Robots-Tag'] = 'noindex';
    let payload = body;
    const ext = extname(fileName);
    const accepted = req.headers['accept-encoding'] ?? '';
    const encoding = ENCODINGS.find(({ name }) => new RegExp(`\\b${name}\\b`).test(accepted));
    if (encoding && COMPRESSIBLE.has(ext) && body.length > 512) {
      const key = `${encoding.name}:${createHash('sha1').update(body).digest('hex')}`;
      payload = compressed.get(key) ?? encoding.compress(body);
      compressed.set(key, payload);
      headers['Content-Encoding'] = encoding.name;
    }
    headers['Content-Length'] = payload.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  /** A file of a mount, or a plain 404: a missing release file is never answered with the page. */
  async function sendMounted(req, res, { filePath, cacheControl: mountCache }, pathname) {
    const info = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !info?.isFile() || NEVER_SERVED.test(filePath)) {
      res.writeHead(404, PLAIN);
      return res.end('Not found');
    }
    const name = filePath.slice(filePath.lastIndexOf(sep) + 1);
    return send(
      req,
      res,
      200,
      await readFile(filePath),
      TYPES[extname(name)] ?? 'application/octet-stream',
      name,
      pathname,
      mountCache(name),
    );
  }

  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
          'X-Content-Type-Options': 'nosniff',
        });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { ...PLAIN, Allow: 'GET, HEAD' });
        return res.end();
      }
      const url = new URL(req.url ?? '/', 'http://local');
      const pathname = decodeURIComponent(url.pathname);
      if (pathname === '/config.json' && runtimeConfig) {
        return send(req, res, 200, Buffer.from(JSON.stringify(runtimeConfig(), null, 2)), TYPES['.json'], 'config.json', pathname);
      }
      const mounted = resolveMounted(mounts, pathname);
      if (mounted) return sendMounted(req, res, mounted, pathname);
      const filePath = normalize(join(root, pathname));
      if (!filePath.startsWith(root + sep) && filePath !== root) {
        res.writeHead(403, PLAIN);
        return res.end();
      }
      const info = await stat(filePath).catch(() => null);
      if (info?.isFile() && !NEVER_SERVED.test(filePath)) {
        const name = filePath.slice(filePath.lastIndexOf(sep) + 1);
        return send(req, res, 200, await readFile(filePath), TYPES[extname(name)] ?? 'application/octet-stream', name, pathname);
      }
      if (prerendered && isKnownRoute && extname(pathname) === '') {
        // A public route painted as HTML by the build (the live page takes over in place).
        const known = isKnownRoute(pathname);
        const file = known ? prerenderedFile(pathname, url.searchParams) : `${PRERENDER_DIR}/${NOT_FOUND_DOCUMENT}`;
        const snapshot = file && join(root, file);
        const page = snapshot?.startsWith(root + sep) ? await readFile(snapshot).catch(() => null) : null;
        if (page) return send(req, res, known ? 200 : 404, page, TYPES['.html'], 'index.html', pathname);
      }
      const seoPage = await prerenderedPage(filePath, info);
      if (seoPage) return send(req, res, 200, await readFile(seoPage), TYPES['.html'], 'index.html', pathname);
      if (extname(pathname) === '') {
        // Client-side routes: the app decides what the path shows. A path no app owns still gets the page
        // (it renders the not-found page) but as a 404, kept out of search results.
        const page = await readFile(join(root, 'index.html'));
        if (isKnownRoute && !isKnownRoute(pathname)) {
          const marked = Buffer.from(page.toString('utf8').replace('</head>', `${NOINDEX_META}</head>`));
          return send(req, res, 404, marked, TYPES['.html'], 'index.html', pathname);
        }
        return send(req, res, 200, page, TYPES['.html'], 'index.html', pathname);
      }
      res.writeHead(404, { ...PLAIN, 'Access-Control-Allow-Origin': '*' });
      res.end('Not found');
    } catch (error) {
      console.error(`[static ${port}]`, error);
      if (!res.headersSent) res.writeHead(500, PLAIN);
      res.end('Server error');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
