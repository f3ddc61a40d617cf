/**
 * The public provider pages as static HTML, so search engines (and anyone without JavaScript)
 * see real content. Pure functions: data in, HTML/XML out; `prerender-public.ts` fetches the data and
 * writes the files. The page keeps the shell's index.html (scripts, styles, boot frame): the content
 * sits in the boot frame, which the shell removes when the app mounts and shows the same page live.
 * Meta tags follow the shared page wrapper rules (product rules, Routes and redirects) (title cut, default share image,
 * canonical = site base + path, ending in a slash).
 */
import { canonicalUrl } from '../../src/core/rules/canonical-url';
import { DEFAULT_PAGE_META } from '../../src/core/rules/default-page-meta';
import { pageTitle } from '../../src/core/rules/page-title';
import { DEFAULT_TIMEZONE, providerFee, roleLabels } from '@haven/rules';
import {
  concernLabel,
  providerListHref,
  providerPageDescription,
  providerProfilePath,
} from '../../src/entries/booking-rules/providers/public-profile';
import type { paths } from '../../src/core/api/schema.generated';
import { escapeHtml } from './escape-html.mjs';

// The api contract's types (GET /public/providers/:uuid), not a hand copy.
type ProfileAnswer = paths['/api/v1/public/providers/{uuid}']['get']['responses'][200]['content']['application/json'];
export type PublicProfileData = ProfileAnswer['data'];
export type PublicCard = PublicProfileData['similar_providers'][number];
export interface PageOptions {
  siteBase: string;
  /** When the data was read: the slots are "as of" this time. */
  generatedAt: Date;
}

const nameOf = (p: Pick<PublicCard, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`;
const languages = (list: string[]) => list.map((l) => l[0]!.toUpperCase() + l.slice(1)).join(', ');

function feeLine(p: PublicCard): string {
  const fee = providerFee(p);
  if (!fee) return '';
  return `<div><dt>${fee.sessionType === 'couple' ? 'Couple session from' : 'Session from'}</dt><dd>${escapeHtml(fee.text)}</dd></div>`;
}

function when(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: DEFAULT_TIMEZONE }).format(new Date(iso));
}

function cardItem(p: PublicCard): string {
  return `<li><a href="${escapeHtml(providerProfilePath(p.uuid))}">${escapeHtml(nameOf(p))}</a> (${escapeHtml(roleLabels(p.roles).join(', '))})</li>`;
}

/** The profile's content: the same facts the live page shows. */
export function profileBody(p: PublicProfileData, { generatedAt }: Pick<PageOptions, 'generatedAt'>): string {
  const name = nameOf(p);
  const roles = p.roles
    .map((r) => `<a href="${escapeHtml(providerListHref({ role: r }))}">${escapeHtml(roleLabels([r])[0]!)}</a>`)
    .join(' · ');
  const concerns = p.concerns
    .map((c) => `<li><a href="${escapeHtml(providerListHref({ concern: c }))}">${escapeHtml(concernLabel(c))}</a></li>`)
    .join('');
  const sessions = [p.online_offering && 'Online', p.offline_offering && 'In clinic'].filter(Boolean).join(', ');
  const slots = p.next_slots
    .map((s) => `<li><time datetime="${escapeHtml(s.start_time)}">${escapeHtml(when(s.start_time))}</time></li>`)
    .join('');
  const testimonials = p.testimonials
    .map(
      (t) =>
        `<li><figure><blockquote>${escapeHtml(t.body)}</blockquote><figcaption>${escapeHtml(t.author_label)} · rated ${t.rating} out of 5</figcaption></figure></li>`,
    )
    .join('');
  return [
    `<article class="hv-prerendered" aria-labelledby="hv-prerendered-title">`,
    `<h1 id="hv-prerendered-title">${escapeHtml(name)}</h1>`,
    `<p>${roles}</p>`,
    p.bio ? `<p>${escapeHtml(p.bio)}</p>` : '',
    `<dl>${feeLine(p)}`,
    p.languages.length ? `<div><dt>Languages</dt><dd>${escapeHtml(languages(p.languages))}</dd></div>` : '',
    `<div><dt>Experience</dt><dd>${p.experience_years} years</dd></div>`,
    sessions ? `<div><dt>Sessions</dt><dd>${sessions}</dd></div>` : '',
    `</dl>`,
    `<p><a href="${escapeHtml(`/booking?provider=${encodeURIComponent(p.uuid)}&step=1`)}">Book a session with ${escapeHtml(p.firstname)}</a></p>`,
    concerns ? `<h2>Helps with</h2><ul>${concerns}</ul>` : '',
    `<h2>Next available times</h2>`,
    slots
      ? `<p>As of ${escapeHtml(when(generatedAt.toISOString()))} (India time):</p><ul>${slots}</ul>`
      : '<p>No free times in the next three weeks.</p>',
    testimonials ? `<h2>What patients say</h2><ul>${testimonials}</ul>` : '',
    p.similar_providers.length ? `<h2>Similar providers</h2><ul>${p.similar_providers.map(cardItem).join('')}</ul>` : '',
    `</article>`,
  ].join('');
}

/** The provider list's content: every listed provider, linked to their profile. */
export function listBody(providers: PublicCard[]): string {
  const items = providers
    .map((p) => {
      const fee = providerFee(p);
      const helps = p.concerns.length ? ` Helps with ${p.concerns.map((c) => concernLabel(c)).join(', ')}.` : '';
      return `<li><a href="${escapeHtml(providerProfilePath(p.uuid))}">${escapeHtml(nameOf(p))}</a>: ${escapeHtml(roleLabels(p.roles).join(', '))}.${escapeHtml(helps)}${fee ? ` From ${escapeHtml(fee.text)}.` : ''}</li>`;
    })
    .join('');
  return `<article class="hv-prerendered" aria-labelledby="hv-prerendered-title"><h1 id="hv-prerendered-title">Find a provider</h1><ul>${items}</ul></article>`;
}

/**
 * The shell's index.html with this page's title, description, share tags and canonical link, and the
 * content in the boot frame (in place of the loading dots). The frame scrolls, so the page reads
 * without JavaScript. Its styles are in the template's inline boot stylesheet (tooling/boot.css, allowed
 * by its CSP hash): the page adds no style of its own.
 */
export function pageDocument(
  template: string,
  page: { title: string; description: string; path: string; body: string },
  { siteBase }: Pick<PageOptions, 'siteBase'>,
): string {
  const title = escapeHtml(pageTitle(page.title));
  const description = escapeHtml(page.description);
  const canonical = escapeHtml(canonicalUrl(siteBase, page.path));
  const image = escapeHtml(new URL(DEFAULT_PAGE_META.image, siteBase).toString());
  const head = [
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<link rel="canonical" href="${canonical}" />`,
  ].join('');
  // The built index.html is minified (attribute quotes dropped where they may be): match both forms.
  const status = /<div class="?hv-boot__status"?[\s>][^>]*>?.*?<\/span><\/div>/s;
  const frame = /class="?hv-boot"?(?=[\s>])/;
  if (!status.test(template) || !frame.test(template)) throw new Error('index.html has no boot frame to hold the prerendered content');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="?description"? content=("[^"]*"|[^\s>]*)\s*\/?>/, `<meta name="description" content="${description}" />`)
    .replace('</head>', `${head}</head>`)
    .replace(status, page.body)
    .replace(frame, 'class="hv-boot hv-boot--prerendered"');
}

export function profilePage(template: string, p: PublicProfileData, options: PageOptions): string {
  return pageDocument(
    template,
    { title: nameOf(p), description: providerPageDescription(p), path: providerProfilePath(p.uuid), body: profileBody(p, options) },
    options,
  );
}
export function listPage(template: string, providers: PublicCard[], options: PageOptions): string {
  const description =
    'Find a therapist, psychiatrist or couples therapist on Haven: online and in-clinic sessions, by concern, language and fee.';
  return pageDocument(template, { title: 'Find a provider', description, path: '/providers/', body: listBody(providers) }, options);
}

/** sitemap.xml of the public pages (absolute, canonical addresses). */
export function sitemapXml(siteBase: string, paths: string[], lastmod: Date): string {
  const day = lastmod.toISOString().slice(0, 10);
  const urls = paths.map((p) => `<url><loc>${escapeHtml(canonicalUrl(siteBase, p))}</loc><lastmod>${day}</lastmod></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: signed-in areas stay out of search; the sitemap is named. */
export function robotsTxt(siteBase: string): string {
  const base = siteBase.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Disallow: /dashboard',
    'Disallow: /account',
    'Disallow: /booking',
    'Disallow: /session-room/',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
