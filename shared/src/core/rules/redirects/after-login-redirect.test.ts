import type { PartnerMetaInfo } from '../../state/types';
import { afterLoginRedirect, partnerSubdomainUrl, type AfterLoginInput, type AfterLoginTarget } from './after-login-redirect';

const config = { partnerIntegrationsHost: 'partners.haven.care', siteBaseUrl: 'https://haven.care' };
const patient = { usertype: 'patient' };
const b2b = { usertype: 'employee' };
const meta = (short_code: string | null, show_card_dashboard = false): PartnerMetaInfo => ({
  company_profile: { name: 'Acme', uuid: 'u-1', short_code },
  feature_flags: { show_card_dashboard },
});
const path = (p: string): AfterLoginTarget => ({ kind: 'path', path: p });

type Row = [string, Omit<AfterLoginInput, 'config'>, AfterLoginTarget];

describe('afterLoginRedirect (product rules, Routes and redirects)', () => {
  it.each<Row>([
    // honoured paths, whoever logs in
    ['create-password honoured for b2b', { user: b2b, redirectPath: '/create-password' }, path('/create-password')],
    ['changepassword honoured', { user: b2b, redirectPath: '/changepassword?x=1' }, path('/changepassword?x=1')],
    ['org honoured', { user: b2b, redirectPath: '/org/members', partnerMeta: meta('kli') }, path('/org/members')],
    [
      'registration-form honoured',
      { user: b2b, redirectPath: '/registration-form', partnerMeta: meta(null, true) },
      path('/registration-form'),
    ],
    ['honoured for patients too', { user: patient, redirectPath: '/create-password' }, path('/create-password')],
    // patients and the root path
    [
      'patient returns to the requested path',
      { user: patient, redirectPath: '/therapy-psychiatry/?x=1#a' },
      path('/therapy-psychiatry/?x=1#a'),
    ],
    ['patient without a path goes to their care', { user: patient }, path('/dashboard')],
    ['patient ignores the partner short_code', { user: patient, redirectPath: '/t-p', partnerMeta: meta('kli') }, path('/t-p')],
    // logout leaves /auth/log-in/?redirectPath=%2Ft-p: a patient with no organisation goes to their care
    ['patient with no organisation from the logout address', { user: patient, redirectPath: '/t-p' }, path('/dashboard')],
    ['... with a trailing slash or query', { user: patient, redirectPath: '/t-p/?x=1' }, path('/dashboard')],
    [
      '... nor to the card dashboard',
      { user: { ...patient, organisation_id: null }, redirectPath: '/partnerdashboard' },
      path('/dashboard'),
    ],
    ['a patient of an organisation keeps /t-p', { user: { ...patient, organisation_id: 7 }, redirectPath: '/t-p' }, path('/t-p')],
    ['a patient who asked for another page keeps it', { user: patient, redirectPath: '/journal' }, path('/journal')],
    ['root path returns to root for b2b', { user: b2b, redirectPath: '/' }, path('/')],
    // b2b
    ['b2b lands on /org/dashboard', { user: b2b, redirectPath: '/t-p' }, path('/org/dashboard')],
    ['b2b without a path lands on /org/dashboard', { user: b2b }, path('/org/dashboard')],
    [
      'partner with a short_code goes to its subdomain',
      { user: b2b, redirectPath: '/t-p', partnerMeta: meta('kli') },
      { kind: 'external', url: 'https://kli.partners.haven.care' },
    ],
    [
      'already on its subdomain: the card dashboard there',
      { user: b2b, partnerMeta: meta('kli', true), currentHost: 'KLI.partners.haven.care' },
      path('/partnerdashboard'),
    ],
    [
      'already on its subdomain, flag off: the business landing there',
      { user: b2b, partnerMeta: meta('kli'), currentHost: 'kli.partners.haven.care' },
      path('/org/dashboard'),
    ],
    [
      'on another company site: still sent to its own',
      { user: b2b, partnerMeta: meta('kli'), currentHost: 'acme.partners.haven.care' },
      { kind: 'external', url: 'https://kli.partners.haven.care' },
    ],
    ['a short_code that is not a host label is ignored', { user: b2b, partnerMeta: meta('evil.com/#') }, path('/org/dashboard')],
    ['card dashboard flag on', { user: b2b, redirectPath: '/t-p', partnerMeta: meta(null, true) }, path('/partnerdashboard')],
    // CRNID auto-login
    [
      'CRNID + card dashboard',
      { user: b2b, redirectPath: '/t-p', partnerMeta: meta('kli', true), isCrnidAutoLogin: true },
      path('/partnerdashboard'),
    ],
    [
      'CRNID: a path containing user stops the card-dashboard redirect',
      { user: b2b, redirectPath: '/user/profile', partnerMeta: meta(null, true), isCrnidAutoLogin: true },
      path('/user/profile'),
    ],
    [
      'user in the path does nothing without CRNID',
      { user: b2b, redirectPath: '/user/profile', partnerMeta: meta(null, true) },
      path('/partnerdashboard'),
    ],
    [
      'CRNID without the flag falls to short_code',
      { user: b2b, partnerMeta: meta('kli'), isCrnidAutoLogin: true },
      { kind: 'external', url: 'https://kli.partners.haven.care' },
    ],
    // hostile paths never leave the origin
    ['hostile path for a patient', { user: patient, redirectPath: '//evil.com' }, path('/dashboard')],
    ['hostile path containing org', { user: b2b, redirectPath: 'https://evil.org/x' }, path('/org/dashboard')],
    [
      'hostile path with user on CRNID',
      { user: b2b, redirectPath: '//evil.com/user', partnerMeta: meta(null, true), isCrnidAutoLogin: true },
      path('/partnerdashboard'),
    ],
  ])('%s', (_name, input, expected) => {
    expect(afterLoginRedirect({ ...input, config })).toEqual(expected);
  });
});

describe('partnerSubdomainUrl', () => {
  it('uses the site protocol (http locally)', () => {
    expect(partnerSubdomainUrl('KLI', { partnerIntegrationsHost: 'partners.localhost:3000', siteBaseUrl: 'http://localhost:3000' })).toBe(
      'http://kli.partners.localhost:3000',
    );
    expect(partnerSubdomainUrl('a.b', config)).toBeNull();
    expect(partnerSubdomainUrl('-x', config)).toBeNull();
  });
});
