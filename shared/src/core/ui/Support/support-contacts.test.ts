import { GOOGLE_LOGIN_FALLBACK_ERROR } from '../../auth/messages';
import { splitSupportPhrase, supportContacts, supportLinesFor } from './support-contacts';

describe('supportContacts', () => {
  it('lists the configured ones in order with their links', () => {
    expect(supportContacts({ email: 'support@haven.test', whatsapp: '+442079460123', phone: '+442079460124' })).toEqual([
      { kind: 'email', label: 'E-mail', value: 'support@haven.test', href: 'mailto:support@haven.test' },
      { kind: 'whatsapp', label: 'WhatsApp', value: '+442079460123', href: 'https://wa.me/442079460123' },
      { kind: 'phone', label: 'Phone', value: '+442079460124', href: 'tel:+442079460124' },
    ]);
  });
  it.each([[undefined], [{}]])('none configured (%p) -> none', (support) => expect(supportContacts(support)).toEqual([]));
  it('only what is configured', () => expect(supportContacts({ phone: '+919000000000' }).map((c) => c.kind)).toEqual(['phone']));
});

describe("supportLinesFor: support contacts follow the person's country", () => {
  const support = {
    email: 'support@haven.test',
    whatsapp: '+442079460123',
    phone: '+442079460124',
    byCountry: { IN: { whatsapp: '+912200000123', phone: '+912200000124' }, AE: { phone: '+97140000000' } },
  };
  it.each<[string, string | null, ReturnType<typeof supportLinesFor>]>([
    [
      'a patient located in India gets the Indian lines, the shared mailbox',
      'IN',
      { email: 'support@haven.test', whatsapp: '+912200000123', phone: '+912200000124' },
    ],
    ['the code in any case or with spaces', ' in ', { email: 'support@haven.test', whatsapp: '+912200000123', phone: '+912200000124' }],
    [
      'a country with only a phone of its own keeps the general WhatsApp',
      'AE',
      { email: 'support@haven.test', whatsapp: '+442079460123', phone: '+97140000000' },
    ],
    [
      'a country without lines of its own: the general ones',
      'US',
      { email: 'support@haven.test', whatsapp: '+442079460123', phone: '+442079460124' },
    ],
    ['country not known yet: the general ones', null, { email: 'support@haven.test', whatsapp: '+442079460123', phone: '+442079460124' }],
  ])('%s', (_, country, expected) => expect(supportLinesFor(support, country)).toEqual(expected));
  it('none configured: none', () => expect(supportLinesFor(undefined, 'IN')).toEqual({}));
});

describe('splitSupportPhrase', () => {
  it.each<[string, ReturnType<typeof splitSupportPhrase>]>([
    [GOOGLE_LOGIN_FALLBACK_ERROR, ['Google login failed, please ', 'contact the support team', ' for more details']],
    ['Please Contact the support team.', ['Please ', 'Contact the support team', '.']],
    ['Google Authentication failed!', null],
  ])('%s', (text, expected) => expect(splitSupportPhrase(text)).toEqual(expected));
});
