import { analyticsPage, pathPattern } from './page-pattern';

const BOOKING = '7b1c2d3e-0000-4000-8000-000000000001';
const ROOM_PAYLOAD = encodeURIComponent(btoa(JSON.stringify({ 'access-token': 'tok123', client: 'cli', uid: 'ann@example.com' })));

describe('analyticsPage (what a page_view names: the route pattern, never an id)', () => {
  it.each([
    // Routes with ids: their router's pattern.
    [
      `http://localhost:3000/session-room/${BOOKING}/entry/website?is_web_app=false`,
      'http://localhost:3000/session-room/:sessionId/:payload/:platform?is_web_app=false',
    ],
    [
      `http://localhost:3000/session-room/${BOOKING}/${ROOM_PAYLOAD}/android`,
      'http://localhost:3000/session-room/:sessionId/:payload/:platform',
    ],
    [`/session-room/${BOOKING}/entry/ios`, '/session-room/:sessionId/:payload/:platform'],
    [`http://h/booking/session/${BOOKING}`, 'http://h/booking/session/:uuid'],
    [`http://h/provider/${BOOKING}?tab=about`, 'http://h/provider/:uuid?tab=about'],
    [`http://h/provider/${BOOKING}/`, 'http://h/provider/:uuid/'],
    // Elsewhere, an id-like segment or parameter value is :id; credentials go as before.
    [`http://h/account/payments/${BOOKING}`, 'http://h/account/payments/:id'],
    ['http://h/orders/123456/receipt', 'http://h/orders/:id/receipt'],
    [`http://h/booking/pay?booking_uuid=${BOOKING}&step=2&token=t`, 'http://h/booking/pay?booking_uuid=:id&step=2'],
    // Kept: pages without ids, slugs, short numbers in the query, the hash.
    ['http://h/dashboard', 'http://h/dashboard'],
    ['http://h/care-tools/thought-record', 'http://h/care-tools/thought-record'],
    ['http://h/assessments/phq-9?page=2', 'http://h/assessments/phq-9?page=2'],
    ['http://h/therapists/dr-ann-smith-psychologist#faq', 'http://h/therapists/dr-ann-smith-psychologist#faq'],
    ['/', '/'],
  ])('%s -> %s', (address, expected) => {
    expect(analyticsPage(address)).toBe(expected);
  });

  it('what it returns holds no id, token or e-mail of the room address', () => {
    const out = analyticsPage(`http://localhost:3000/session-room/${BOOKING}/${ROOM_PAYLOAD}/website?secondary_token=sec`);
    for (const secret of [BOOKING, 'tok123', 'ann@example.com', 'sec', ROOM_PAYLOAD]) expect(out).not.toContain(secret);
  });

  it('pathPattern leaves a path without ids as it is', () => {
    expect(pathPattern('/account/profiles')).toBe('/account/profiles');
  });
});
