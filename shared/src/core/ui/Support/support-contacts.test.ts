import { GOOGLE_LOGIN_FALLBACK_ERROR } from '../../auth/messages';
import { splitSupportPhrase, supportContacts } from './support-contacts';

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

describe('splitSupportPhrase', () => {
  it.each<[string, ReturnType<typeof splitSupportPhrase>]>([
    [GOOGLE_LOGIN_FALLBACK_ERROR, ['Google login failed, please ', 'contact the support team', ' for more details']],
    ['Please Contact the support team.', ['Please ', 'Contact the support team', '.']],
    ['Google Authentication failed!', null],
  ])('%s', (text, expected) => expect(splitSupportPhrase(text)).toEqual(expected));
});
