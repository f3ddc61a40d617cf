import { createHavenStore } from './store';
import { organisationFromMeta, organisationOf, readStoredOrganisation, storeOrganisation } from './organisation';

beforeEach(() => localStorage.clear());

describe('organisationOf: a stored or answered value as the person’s organisation', () => {
  it.each<[string, unknown, ReturnType<typeof organisationOf>]>([
    ['uuid and name', { uuid: 'org-1', name: 'KLI' }, { uuid: 'org-1', name: 'KLI' }],
    ['extra fields are dropped', { uuid: 'org-1', name: 'KLI', short_code: 'kli' }, { uuid: 'org-1', name: 'KLI' }],
    ['no uuid', { name: 'KLI' }, null],
    ['an empty uuid', { uuid: '', name: 'KLI' }, null],
    ['a number for a name', { uuid: 'org-1', name: 7 }, null],
    ['not an object', 'org-1', null],
    ['null', null, null],
  ])('%s', (_, value, expected) => expect(organisationOf(value)).toEqual(expected));

  it('partner meta info gives its company profile; none without one', () => {
    expect(organisationFromMeta({ company_profile: { uuid: 'org-1', name: 'KLI', short_code: 'kli' }, feature_flags: {} })).toEqual({
      uuid: 'org-1',
      name: 'KLI',
    });
    expect(organisationFromMeta(null)).toBeNull();
  });
});

describe('orgData and company_details are one record', () => {
  it('a page that starts with company_details stored has orgData (a reload keeps the organisation)', () => {
    storeOrganisation({ uuid: 'org-1', name: 'KLI' });
    const store = createHavenStore();
    expect(store.getState().appConfig.orgData).toEqual({ uuid: 'org-1', name: 'KLI' });
    // not stored a second time under the store's own key
    store.getState().appConfig.update({ isCfUser: true });
    expect(JSON.parse(localStorage.getItem('haven') ?? '{}').state.appConfig).not.toHaveProperty('orgData');
  });

  it('corrupt or missing company_details: no organisation', () => {
    expect(readStoredOrganisation()).toBeNull();
    localStorage.setItem('company_details', '{not json');
    expect(readStoredOrganisation()).toBeNull();
    expect(createHavenStore().getState().appConfig.orgData).toBeNull();
    storeOrganisation(null);
    expect(localStorage.getItem('company_details')).toBeNull();
  });
});
