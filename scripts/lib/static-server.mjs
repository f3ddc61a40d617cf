// Serves one app's build the way a CDN would: hashed assets cached forever, entry files revalidated,
// gzip on, CORS open (the shell loads remotes from other origins), SPA fallback to index.html.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
// Files whose name is not content-hashed: every load must revalidate them.
const ENTRY_FILES = new Set(['index.html', 'config.json', 'main.js', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'federation-runtime.js', 'boot-timeout.js']);
const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|png|jpg|webp|woff2)$/;

function cacheControl(fileName) {
  if (ENTRY_FILES.has(fileName)) return 'no-cache';
  if (HASHED.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * @param {{ root: string, port: number, host?: string, runtimeConfig?: () => unknown, label?: string }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function serveStatic({ root, port, host = '127.0.0.1', runtimeConfig }) {
  const gzipCache = new Map();

  async function send(req, res, status, body, type, fileName) {
    const headers = {
      'Content-Type': type,
      'Cache-Control': cacheControl(fileName),
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    let payload = body;
    const ext = extname(fileName);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 512) {
      const key = createHash('sha1').update(body).digest('hex');
      payload = gzipCache.get(key) ?? gzipSync(body);
      gzipCache.set(key, payload);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = payload.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' });
        return res.end();
      }
      const url = new URL(req.url ?? '/', 'http://local');
      const pathname = decodeURIComponent(url.pathname);
      if (pathname === '/config.json' && runtimeConfig) {
        return send(req, res, 200, Buffer.from(JSON.stringify(runtimeConfig(), null, 2)), TYPES['.json'], 'config.json');
      }
      const filePath = normalize(join(root, pathname));
      if (!filePath.startsWith(root + sep) && filePath !== root) {
        res.writeHead(403);
        return res.end();
      }
      const info = await stat(filePath).catch(() => null);
      if (info?.isFile()) {
        const name = filePath.slice(filePath.lastIndexOf(sep) + 1);
        return send(req, res, 200, await readFile(filePath), TYPES[extname(name)] ?? 'application/octet-stream', name);
      }
      if (extname(pathname) === '') {
        // Client-side routes: the app decides what the path shows.
        return send(req, res, 200, await readFile(join(root, 'index.html')), TYPES['.html'], 'index.html');
      }
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      res.end('Not found');
    } catch (error) {
      console.error(`[static ${port}]`, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Server error');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
