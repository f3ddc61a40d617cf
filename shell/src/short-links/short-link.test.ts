import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setTestRuntimeConfig, TEST_API_BASE_URL as API } from '../../../shared/src/core/test/runtime-config-kit';
import { followShortLink, shortLinkCode, shortLinkTarget } from './short-link';

const ORIGIN = 'http://localhost:3000';

describe('short-link addresses', () => {
  it.each([
    ['/s/ABCD2345', 'ABCD2345'],
    ['/s/ABCD2345/', 'ABCD2345'],
    ['/s/', null],
    ['/s/a/b', null],
    ['/see/ABCD2345', null],
  ])('%s is code %s', (path, code) => expect(shortLinkCode(path)).toBe(code));
});

describe('short-link targets: in-product paths only', () => {
  it.each<[string, string, string | null]>([
    ['/auth/sign-up?ref=ABCD2345', '', '/auth/sign-up?ref=ABCD2345'],
    ['/auth/sign-up?ref=ABCD2345', '?utm_campaign=mail&ref=EVIL0000', '/auth/sign-up?ref=ABCD2345&utm_campaign=mail'],
    ['/dashboard', '?a=1', '/dashboard?a=1'],
    ['//evil.example/x', '', null],
    ['/\\evil.example', '', null],
    ['https://evil.example/', '', null],
    ['javascript:alert(1)', '', null],
    ['evil.example', '', null],
    ['/a b', '', null],
  ])('%s with %s goes to %s', (path, search, target) => expect(shortLinkTarget(path, search, ORIGIN)).toBe(target));
});

describe('following a short link', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(() => {
    setTestRuntimeConfig({ siteBaseUrl: ORIGIN });
  });
  const at = (pathname: string, search = '') => ({ pathname, search, origin: ORIGIN }) as Location;
  const fakeHistory = () => ({ replaceState: jest.fn() }) as unknown as History & { replaceState: jest.Mock };

  it('replaces the address with the answered path, keeping the query', async () => {
    server.use(http.get(`${API}/short_links/ABCD2345`, () => HttpResponse.json({ data: { path: '/auth/sign-up?ref=ABCD2345' } })));
    const history = fakeHistory();
    await followShortLink(at('/s/ABCD2345', '?utm_campaign=x'), history);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/auth/sign-up?ref=ABCD2345&utm_campaign=x');
  });

  it('an answer naming another host is not followed', async () => {
    server.use(http.get(`${API}/short_links/ABCD2345`, () => HttpResponse.json({ data: { path: '//evil.example/' } })));
    const history = fakeHistory();
    await followShortLink(at('/s/ABCD2345'), history);
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('an unknown code stays (the not-found page)', async () => {
    server.use(http.get(`${API}/short_links/NOPE2345`, () => HttpResponse.json({ message: 'This link is not known' }, { status: 404 })));
    const history = fakeHistory();
    await followShortLink(at('/s/NOPE2345'), history);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
