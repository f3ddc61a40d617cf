import { filtersFromQuery, providerSearchQuery, queryFromFilters, type ProviderFilters } from './provider-filters';

describe('filtersFromQuery (product rules, Providers and fees: short URL codes)', () => {
  it.each<[string, string, ProviderFilters]>([
    ['therapist', 't=th', { role: 'therapist' }],
    ['psychiatrist', 't=ps', { role: 'psychiatrist' }],
    ['couples therapist', 't=ct', { role: 'couplestherapist' }],
    ['therapy (the care) means therapists', 't=therapy', { role: 'therapist' }],
    ['psychiatry (the care) means psychiatrists', 't=psychiatry', { role: 'psychiatrist' }],
    ['coaching', 't=co', { role: 'coach' }],
    ['children-first care', 't=cf', { role: 'childenfirstindia' }],
    ['language', 'l=hi', { language: 'hindi' }],
    ['gender', 'g=f', { gender: 'female' }],
    ['price tier 1', 'p=p1', { priceTier: 1 }],
    ['price tier 5, bare digit', 'p=5', { priceTier: 5 }],
    ['price tier 6 is not a tier', 'p=p6', {}],
    ['concern abbreviation', 'c=anx', { concern: 'anxiety' }],
    ['concern slug as its own code', 'c=sleep-disturbances', { concern: 'sleep-disturbances' }],
    ['adhd', 'c=adhd', { concern: 'adhd' }],
    ['eating disorders', 'c=ed', { concern: 'eating-disorders' }],
    ['parenting concerns', 'c=par', { concern: 'parenting-concerns' }],
    ['academic concerns', 'c=aca', { concern: 'academic-concerns' }],
    ['online', 'm=on', { mode: 'online' }],
    ['in clinic', 'm=off', { mode: 'offline' }],
    ['clinic city', 'city=blr', { clinic: 'blr' }],
    ['unknown city ignored', 'city=nyc', {}],
    ['Product rules, Plan visibility: city code, in clinic: mode and city', 'city=blr_off', { mode: 'offline', clinic: 'blr' }],
    ['Product rules, Plan visibility: city code, online: the mode only', 'city=mum_on', { mode: 'online' }],
    ['codes are case-insensitive', 't=TH&g=F', { role: 'therapist', gender: 'female' }],
    ['long names: type=psychiatrist', 'type=psychiatrist', { role: 'psychiatrist' }],
    ['long names: type=couplestherapist&mode=offline', 'type=couplestherapist&mode=offline', { role: 'couplestherapist', mode: 'offline' }],
    ['long names: type=coach', 'type=coach', { role: 'coach' }],
    ['long names: mode=online', 'mode=online', { mode: 'online' }],
    ['the short code wins over the long name', 't=th&type=psychiatrist', { role: 'therapist' }],
    ['unknown long names ignored', 'type=wizard&mode=maybe', {}],
    ['unknown codes ignored', 't=wizard&l=xx&c=nope&m=maybe', {}],
    ['inherited object keys are not codes', 't=constructor&l=toString', {}],
    [
      'all together',
      't=ps&l=en&g=m&p=p4&c=dep&m=on',
      { role: 'psychiatrist', language: 'english', gender: 'male', priceTier: 4, concern: 'depression', mode: 'online' },
    ],
  ])('%s: ?%s', (_case, query, filters) => {
    expect(filtersFromQuery(query)).toEqual(filters);
  });
});

describe('queryFromFilters round trip', () => {
  it.each<[ProviderFilters, string]>([
    [{}, ''],
    [{ role: 'therapist' }, 't=th'],
    [{ role: 'couplestherapist', concern: 'anxiety', priceTier: 2 }, 't=ct&p=p2&c=anx'],
    [{ language: 'english', gender: 'non_binary', mode: 'offline', clinic: 'mum' }, 'l=en&g=nb&m=off&city=mum'],
  ])('%j -> %s', (filters, query) => {
    expect(queryFromFilters(filters).toString()).toBe(query);
    expect(filtersFromQuery(query)).toEqual(filters);
  });
});

describe('providerSearchQuery', () => {
  it.each<[ProviderFilters, Record<string, string>]>([
    [{}, {}],
    [
      { role: 'therapist', priceTier: 3 },
      { role: 'therapist', price_tier: '3' },
    ],
    [{ clinic: 'del' }, { clinic: 'del', mode: 'offline' }],
    [
      { concern: 'ocd', language: 'english', gender: 'female', mode: 'online' },
      { concern: 'ocd', language: 'english', gender: 'female', mode: 'online' },
    ],
  ])('%j', (filters, query) => {
    expect(providerSearchQuery(filters)).toEqual(query);
  });
});
