import { domainCandidates, emailBelongsToDomain, emailDomain, ssoDomainToCheck } from './sso-domain';

describe('emailDomain', () => {
  test.each([
    ['anna@northwind.test', 'northwind.test'],
    ['  Anna@NorthWind.Test ', 'northwind.test'],
    ['a@eu.contoso.com', 'eu.contoso.com'],
    ['a+b@x.co.in', 'x.co.in'],
    ['odd"@"name@contoso.com', 'contoso.com'],
    ['anna@', null],
    ['@contoso.com', null],
    ['anna@contoso', null],
    ['anna@contoso.', null],
    ['anna@-contoso.com', null],
    ['anna@contoso.c0m', null],
    ['anna@conto so.com', null],
    ['', null],
  ])('%s → %s', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
});

describe('ssoDomainToCheck', () => {
  test.each([
    ['anna@northwind.test', 'northwind.test'],
    ['ravi@Contoso.test', 'contoso.test'],
    ['someone@gmail.com', null],
    ['someone@GMAIL.COM', null],
    ['someone@mail.yahoo.com', null],
    ['someone@icloud.com', null],
    ['not-an-email', null],
    ['half@typed', null],
  ])('%s → %s', (email, domain) => {
    expect(ssoDomainToCheck(email)).toBe(domain);
  });
});

describe('domainCandidates', () => {
  test.each([
    ['contoso.com', ['contoso.com']],
    ['eu.contoso.com', ['eu.contoso.com', 'contoso.com']],
    ['a.b.contoso.co', ['a.b.contoso.co', 'b.contoso.co', 'contoso.co']],
  ])('%s', (domain, candidates) => {
    expect(domainCandidates(domain)).toEqual(candidates);
  });
});

describe('emailBelongsToDomain (what an identity provider may vouch for)', () => {
  test.each([
    ['anna@northwind.test', 'northwind.test', true],
    ['anna@NORTHWIND.test', 'northwind.test', true],
    ['anna@uk.northwind.test', 'northwind.test', true],
    ['anna@northwind.test.evil.com', 'northwind.test', false],
    ['anna@evilnorthwind.test', 'northwind.test', false],
    ['anna@contoso.test', 'northwind.test', false],
    ['northwind.test', 'northwind.test', false],
  ])('%s under %s → %s', (email, domain, ok) => {
    expect(emailBelongsToDomain(email, domain)).toBe(ok);
  });
});
