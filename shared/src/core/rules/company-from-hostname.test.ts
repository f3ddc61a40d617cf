import { companyFromHostname } from './company-from-hostname';

describe('companyFromHostname (product rules, Routes and redirects: "A subdomain of the host other than www, preprod, staging, localhost and a few marketing or revamp names identifies a company (b2b) context")', () => {
  it.each([
    ['a company subdomain', 'acme.haven.care', 'acme'],
    ['the bare domain', 'haven.care', null],
    ['www', 'www.haven.care', null],
    ['preprod', 'preprod.haven.care', null],
    ['staging', 'staging.haven.care', null],
    ['localhost', 'localhost', null],
    ['localhost with a port', 'localhost:3000', null],
    ['a company in local development', 'acme.localhost', 'acme'],
    ['a company in local development, with a port', 'acme.localhost:3000', 'acme'],
    ['a marketing name: marketing', 'marketing.haven.care', null],
    ['a marketing name: lp', 'lp.haven.care', null],
    ['a marketing name: blog', 'blog.haven.care', null],
    ['a revamp name', 'revamp.haven.care', null],
    ['an IPv4 address', '127.0.0.1', null],
    ['an IPv4 address with a port', '192.168.1.20:3000', null],
    ['an IPv6 address', '[::1]', null],
    ['an IPv6 address, bare', '::1', null],
    ['case and trailing dot', 'ACME.Haven.Care.', 'acme'],
    ['a company on a staging host', 'acme.staging.haven.care', 'acme'],
    ['empty', '', null],
  ])('%s: %s -> %s', (_case, hostname, expected) => {
    expect(companyFromHostname(hostname)).toBe(expected);
  });

  it.each([
    ['acme.haven.co.uk', 'acme'],
    ['haven.co.uk', null],
    ['www.haven.co.uk', null],
  ])('with a multi-part base domain: %s -> %s', (hostname, expected) => {
    expect(companyFromHostname(hostname, 'haven.co.uk')).toBe(expected);
  });
});
