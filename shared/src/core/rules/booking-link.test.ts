import { bookingLink } from './booking-link';

describe('bookingLink (product rules, Routes and redirects: "A booking link gets step=1 added when no step is given, and a stored company value is added as query parameter company")', () => {
  it.each([
    ['no step: step=1 added', '/booking', null, '/booking?step=1'],
    ['a step is kept', '/booking?step=3', null, '/booking?step=3'],
    ['an empty step counts as none', '/booking?step=', null, '/booking?step=1'],
    ['stored company added', '/booking', 'acme', '/booking?step=1&company=acme'],
    ['stored company added beside a given step', '/booking?step=2', 'acme', '/booking?step=2&company=acme'],
    ['no stored company: nothing added', '/booking?step=2', '', '/booking?step=2'],
    ['other parameters kept', '/booking?provider=asha&type=therapy', null, '/booking?provider=asha&type=therapy&step=1'],
    ['stored company replaces a stale one', '/booking?company=old&step=1', 'acme', '/booking?company=acme&step=1'],
    ['hash kept', '/booking?provider=asha#slots', 'acme', '/booking?provider=asha&step=1&company=acme#slots'],
    [
      'absolute URL',
      'https://acme.haven.care/booking/asha-rao?type=therapy',
      'acme',
      'https://acme.haven.care/booking/asha-rao?type=therapy&step=1&company=acme',
    ],
    ['relative path without leading slash', 'booking', null, 'booking?step=1'],
    ['a company value is encoded', '/booking', 'a&b co', '/booking?step=1&company=a%26b+co'],
  ])('%s: %s + %s -> %s', (_case, url, company, expected) => {
    expect(bookingLink(url, company)).toBe(expected);
  });

  it('works without a stored company argument', () => {
    expect(bookingLink('/booking')).toBe('/booking?step=1');
  });
});
