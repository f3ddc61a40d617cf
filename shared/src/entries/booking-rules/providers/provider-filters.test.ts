import { filtersFromQuery, providerSearchQuery, queryFromFilters, type ProviderFilters } from './provider-filters';

describe('filtersFromQuery (product rules, Providers and fees: short URL codes)', () => {
  it.each<[string, string, ProviderFilters]>([
    ['therapist', 't=th', { roles: ['therapist'] }],
    ['psychiatrist', 't=ps', { roles: ['psychiatrist'] }],
    ['couples therapist', 't=ct', { roles: ['couplestherapist'] }],
    ['therapy (the care) means therapists', 't=therapy', { roles: ['therapist'] }],
    ['psychiatry (the care) means psychiatrists', 't=psychiatry', { roles: ['psychiatrist'] }],
    ['coaching', 't=co', { roles: ['coach'] }],
    ['children-first care', 't=cf', { roles: ['childenfirstindia'] }],
    ['language', 'l=hi', { languages: ['hindi'] }],
    ['gender', 'g=f', { genders: ['female'] }],
    ['price tier 1', 'p=p1', { priceTiers: [1] }],
    ['price tier 5, bare digit', 'p=5', { priceTiers: [5] }],
    ['price tier 6 is not a tier', 'p=p6', {}],
    ['concern abbreviation', 'c=anx', { concerns: ['anxiety'] }],
    ['concern slug as its own code', 'c=sleep-disturbances', { concerns: ['sleep-disturbances'] }],
    ['adhd', 'c=adhd', { concerns: ['adhd'] }],
    ['eating disorders', 'c=ed', { concerns: ['eating-disorders'] }],
    ['parenting concerns', 'c=par', { concerns: ['parenting-concerns'] }],
    ['academic concerns', 'c=aca', { concerns: ['academic-concerns'] }],
    ['online', 'm=on', { mode: 'online' }],
    ['in clinic', 'm=off', { mode: 'offline' }],
    ['clinic city', 'city=blr', { clinic: 'blr' }],
    ['unknown city ignored', 'city=nyc', {}],
    ['Product rules, Plan visibility: city code, in clinic: mode and city', 'city=blr_off', { mode: 'offline', clinic: 'blr' }],
    ['Product rules, Plan visibility: city code, online: the mode only', 'city=mum_on', { mode: 'online' }],
    ['codes are case-insensitive', 't=TH&g=F', { roles: ['therapist'], genders: ['female'] }],
    ['long names: type=psychiatrist', 'type=psychiatrist', { roles: ['psychiatrist'] }],
    [
      'long names: type=couplestherapist&mode=offline',
      'type=couplestherapist&mode=offline',
      { roles: ['couplestherapist'], mode: 'offline' },
    ],
    ['long names: type=coach', 'type=coach', { roles: ['coach'] }],
    ['long names: mode=online', 'mode=online', { mode: 'online' }],
    ['the short code wins over the long name', 't=th&type=psychiatrist', { roles: ['therapist'] }],
    ['unknown long names ignored', 'type=wizard&mode=maybe', {}],
    ['unknown codes ignored', 't=wizard&l=xx&c=nope&m=maybe', {}],
    ['inherited object keys are not codes', 't=constructor&l=toString', {}],
    ['several types, comma-separated', 't=th,ps', { roles: ['therapist', 'psychiatrist'] }],
    ['several languages, the parameter repeated', 'l=hi&l=ta', { languages: ['hindi', 'tamil'] }],
    [
      'several tiers and concerns; unknown and repeated values dropped',
      'p=p1,p2,p9,2&c=anx,nope,dep',
      { priceTiers: [1, 2], concerns: ['anxiety', 'depression'] },
    ],
    ['several genders', 'g=f,nb', { genders: ['female', 'non_binary'] }],
    [
      'all together',
      't=ps&l=en&g=m&p=p4&c=dep&m=on',
      { roles: ['psychiatrist'], languages: ['english'], genders: ['male'], priceTiers: [4], concerns: ['depression'], mode: 'online' },
    ],
  ])('%s: ?%s', (_case, query, filters) => {
    expect(filtersFromQuery(query)).toEqual(filters);
  });
});

describe('queryFromFilters round trip', () => {
  it.each<[ProviderFilters, string]>([
    [{}, ''],
    [{ roles: ['therapist'] }, 't=th'],
    [{ roles: ['couplestherapist'], concerns: ['anxiety'], priceTiers: [2] }, 't=ct&p=p2&c=anx'],
    [{ languages: ['english'], genders: ['non_binary'], mode: 'offline', clinic: 'mum' }, 'l=en&g=nb&m=off&city=mum'],
    [{ roles: ['therapist', 'couplestherapist'], languages: ['hindi', 'tamil'] }, 't=th%2Cct&l=hi%2Cta'],
  ])('%j -> %s', (filters, query) => {
    expect(queryFromFilters(filters).toString()).toBe(query);
    expect(filtersFromQuery(query)).toEqual(filters);
  });
});

describe('providerSearchQuery', () => {
  it.each<[ProviderFilters, Record<string, string>]>([
    [{}, {}],
    [
      { roles: ['therapist'], priceTiers: [3] },
      { role: 'therapist', price_tier: '3' },
    ],
    [{ clinic: 'del' }, { clinic: 'del', mode: 'offline' }],
    [
      { roles: ['therapist', 'psychiatrist'], priceTiers: [1, 2], languages: ['hindi', 'tamil'] },
      { role: 'therapist,psychiatrist', price_tier: '1,2', language: 'hindi,tamil' },
    ],
    [
      { concerns: ['ocd'], languages: ['english'], genders: ['female'], mode: 'online' },
      { concern: 'ocd', language: 'english', gender: 'female', mode: 'online' },
    ],
  ])('%j', (filters, query) => {
    expect(providerSearchQuery(filters)).toEqual(query);
  });
});
