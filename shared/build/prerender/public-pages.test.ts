import { listPage, pageDocument, profilePage, robotsTxt, sitemapXml, type PublicProfileData } from './public-pages';
import { escapeHtml } from './escape-html.mjs';

const TEMPLATE = `<!doctype html><html><head><title>Haven</title><meta name="description" content="default" /></head><body>
<div id="hv-app"><div class="hv-boot"><div class="hv-boot__header" aria-hidden="true">Haven</div><div class="hv-boot__status" role="status" aria-label="Loading"><span class="hv-boot__dot"></span><span class="hv-boot__dot"></span></div></div></div>
<script src="/main.js"></script></body></html>`;
const SITE = 'https://haven.example';
const at = new Date('2026-11-23T06:30:00Z');
const inr = (fee: number) => ({
  minimum_fee: fee,
  currency: 'INR',
  display_text: `₹${fee}`,
  international_pricing_display_text: `$${fee / 40}`,
  couple: null,
});
const profile: PublicProfileData = {
  uuid: '11111111-2222-4333-8444-555555555555',
  firstname: 'Ananya',
  lastname: 'Rao <b>',
  roles: ['therapist'],
  languages: ['english', 'hindi'],
  concerns: ['anxiety', 'sleep-disturbances'],
  experience_years: 8,
  online_offering: inr(1500),
  offline_offering: inr(2000),
  commercials: { medium: 'online_offline' },
  earliest_available_datetime: null,
  offer: null,
  bio: 'Ananya has 8 years of experience.',
  avatar_url: null,
  qualification: null,
  registration: null,
  approach: null,
  next_free_times: [],
  covered_by: null,
  testimonials: [{ author_label: 'A patient in Mumbai', body: 'Calm & practical.', rating: 5, published_at: '2026-11-01T00:00:00Z' }],
  similar_providers: [
    {
      uuid: '22222222-2222-4333-8444-555555555555',
      firstname: 'Tara',
      lastname: 'Gill',
      roles: ['therapist'],
      languages: [],
      concerns: [],
      experience_years: 9,
      online_offering: null,
      offline_offering: inr(1800),
      commercials: null,
      earliest_available_datetime: null,
      offer: null,
    },
  ],
  next_slots: [{ start_time: '2026-11-24T05:30:00Z', end_time: '2026-11-24T06:20:00Z' }],
};

describe('profilePage', () => {
  const html = profilePage(TEMPLATE, profile, { siteBase: SITE, generatedAt: at });
  it.each([
    ['escaped name as heading', '<h1 id="hv-prerendered-title">Ananya Rao &lt;b&gt;</h1>'],
    ['title', '<title>Ananya Rao &lt;b&gt;</title>'],
    ['canonical: site base + path, ending in a slash', `<link rel="canonical" href="${SITE}/provider/${profile.uuid}/" />`],
    ['default share image, absolute', `<meta property="og:image" content="${SITE}/share-image.png" />`],
    [
      'description',
      '<meta name="description" content="Ananya Rao &lt;b&gt;, therapist on Haven. Helps with anxiety, sleep disturbances. Sessions in English, Hindi." />',
    ],
    ['fee by the rule (online, the lower with commercials)', '<dt>Session from</dt><dd>₹1500</dd>'],
    ['concern linked to the filtered list', '<a href="/providers?c=slp">Sleep disturbances</a>'],
    ['role linked to the filtered list', '<a href="/providers?t=th">Therapist</a>'],
    ['testimonial escaped', '<blockquote>Calm &amp; practical.</blockquote>'],
    ['similar provider linked', `<a href="/provider/22222222-2222-4333-8444-555555555555/">Tara Gill</a>`],
    ['slot in India time', '<time datetime="2026-11-24T05:30:00Z">24 Nov 2026, 11:00 am</time>'],
    ['book link', `<a href="/booking?provider=${profile.uuid}&amp;step=1">Book a session with Ananya</a>`],
    ['the app scripts stay', '<script src="/main.js"></script>'],
  ])('%s', (_name, fragment) => expect(html).toContain(fragment));
  it('replaces the loading dots and keeps one title and one description', () => {
    expect(html).not.toContain('hv-boot__status');
    expect(html).toContain('class="hv-boot hv-boot--prerendered"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });
  it("adds no inline style or style attribute: the frame's styles are the template's, which the CSP allows by hash", () => {
    expect(html).not.toMatch(/<style|\sstyle=/i);
  });
  it('fills the minified index.html the build writes (unquoted attributes)', () => {
    const minified =
      '<html><head><title>Haven</title><meta name=description content="Haven: care"></head><body><div id=hv-app><div class=hv-boot><div class=hv-boot__header aria-hidden=true>Haven</div><div class=hv-boot__status role=status aria-label=Loading><span class=hv-boot__dot></span><span class=hv-boot__dot></span></div></div></div></body></html>';
    const out = profilePage(minified, profile, { siteBase: SITE, generatedAt: at });
    expect(out).toContain('<div class="hv-boot hv-boot--prerendered"><div class=hv-boot__header');
    expect(out).toContain('<h1 id="hv-prerendered-title">');
    expect(out).not.toContain('hv-boot__status');
    expect(out.match(/name="?description/g)).toHaveLength(1);
    expect(out).toContain('<meta name="description" content="Ananya Rao');
  });
  it('refuses a template without the boot frame', () => {
    expect(() =>
      pageDocument('<html><head></head><body></body></html>', { title: 't', description: 'd', path: '/x', body: '' }, { siteBase: SITE }),
    ).toThrow(/boot frame/);
  });
});

describe('listPage', () => {
  it('lists every provider with its profile link and fee', () => {
    const html = listPage(TEMPLATE, [profile, profile.similar_providers[0]!], { siteBase: SITE, generatedAt: at });
    expect(html).toContain(`<link rel="canonical" href="${SITE}/providers/" />`);
    expect(html).toContain(
      `<a href="/provider/${profile.uuid}/">Ananya Rao &lt;b&gt;</a>: Therapist. Helps with Anxiety, Sleep disturbances. From ₹1500.`,
    );
    expect(html).toContain('>Tara Gill</a>: Therapist. From ₹1800.');
  });
});

describe('sitemap and robots', () => {
  it('sitemap: canonical absolute addresses with the day', () => {
    expect(sitemapXml(`${SITE}/`, ['/providers/', '/provider/abc/'], at)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
        `<url><loc>${SITE}/providers/</loc><lastmod>2026-11-23</lastmod></url>\n<url><loc>${SITE}/provider/abc/</loc><lastmod>2026-11-23</lastmod></url>\n</urlset>\n`,
    );
  });
  it('robots names the sitemap and keeps signed-in areas out', () => {
    const robots = robotsTxt(`${SITE}/`);
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');
  });
  it.each([
    ['<a href="x">', '&lt;a href=&quot;x&quot;&gt;'],
    ["it's", 'it&#39;s'],
  ])('escapeHtml %s', (raw, safe) => expect(escapeHtml(raw)).toBe(safe));
});
