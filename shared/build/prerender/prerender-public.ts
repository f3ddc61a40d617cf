/**
 * Build step: writes the public provider pages as static HTML beside the shell's build, with
 * sitemap.xml and robots.txt. Node only; never bundled (not exported from the shared entry).
 *
 *   cd api && node --import tsx ../shared/build/prerender/prerender-public.ts --out ../shell/dist [--site URL] [--api URL] [--sitemap-only]
 *
 * --sitemap-only  write only sitemap.xml and robots.txt: the build's snapshots (scripts/prerender-snapshots.mjs)
 *                 already paint the list and the profiles, with the same head tags; these pages are the
 *                 fallback where no Chromium took them.
 * --api   read the data from a running api (a release against the real api); without it the script
 *         starts the reference api on a fresh, seeded in-memory database (the demo world; the seed's
 *         provider uuids are stable, so the pages match the running demo api).
 * --site  the site base of canonical addresses and the sitemap (default: the local shell origin).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { listPage, profilePage, robotsTxt, sitemapXml, type PublicCard, type PublicProfileData } from './public-pages';
import { providerProfilePath } from '../../src/entries/booking-rules/providers/public-profile';

interface Args {
  out: string;
  site: string;
  api: string | null;
  sitemapOnly: boolean;
}

function parseArgs(argv: string[]): Args {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i === -1 ? null : (argv[i + 1] ?? null);
  };
  const out = value('out');
  if (!out) throw new Error('--out <the shell build folder> is required');
  return {
    out: resolve(out),
    site: value('site') ?? 'http://localhost:3000',
    api: value('api'),
    sitemapOnly: argv.includes('--sitemap-only'),
  };
}

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url, { headers: { accept: 'application/json' } });
  if (!r.ok) throw new Error(`GET ${url}: ${r.status}`);
  return (await r.json()) as T;
}

/** The reference api on a fresh seeded database, on free ports; closed when done. */
async function startReferenceApi(): Promise<{ api: string; close(): Promise<void> }> {
  // Loaded by path at run time: the api is its own package (run from its folder, see above).
  const serverModule = resolve(process.cwd(), 'src/server.ts');
  const { startApi } = (await import(serverModule)) as {
    startApi(o: { port: number; realtimePort: number; stage: string; database: string }): Promise<{ url: string; close(): Promise<void> }>;
  };
  const started = await startApi({ port: 0, realtimePort: 0, stage: 'test', database: 'memory' });
  return { api: `${started.url}/api/v1`, close: () => started.close() };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const template = await readFile(join(args.out, 'index.html'), 'utf8');
  const reference = args.api ? null : await startReferenceApi();
  const api = args.api ?? reference!.api;
  try {
    const generatedAt = new Date();
    const options = { siteBase: args.site, generatedAt };
    const { data: cards } = await getJson<{ data: PublicCard[] }>(`${api}/public/providers`);
    const paths = ['/providers/', ...cards.map((card) => providerProfilePath(card.uuid))];
    if (!args.sitemapOnly) {
      await mkdir(join(args.out, 'providers'), { recursive: true });
      await writeFile(join(args.out, 'providers', 'index.html'), listPage(template, cards, options));
      for (const card of cards) {
        const { data } = await getJson<{ data: PublicProfileData }>(`${api}/public/providers/${encodeURIComponent(card.uuid)}`);
        const path = providerProfilePath(card.uuid);
        await mkdir(join(args.out, path), { recursive: true });
        await writeFile(join(args.out, path, 'index.html'), profilePage(template, data, options));
      }
    }
    await writeFile(join(args.out, 'sitemap.xml'), sitemapXml(args.site, paths, generatedAt));
    await writeFile(join(args.out, 'robots.txt'), robotsTxt(args.site));
    const pages = args.sitemapOnly ? 'the prerendered snapshots' : `${cards.length} provider profiles, the provider list`;
    console.log(`[prerender] sitemap.xml and robots.txt of ${pages} in ${args.out}`);
  } finally {
    await reference?.close();
  }
}

main().catch((error: unknown) => {
  console.error('[prerender] failed:', error);
  process.exit(1);
});
