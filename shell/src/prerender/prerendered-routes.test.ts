import { prerenderedFile, routeUrl } from './prerendered-routes.mjs';

describe('prerenderedFile', () => {
  it.each([
    ['/', '', 'prerendered/index.html'],
    ['/auth/log-in', '', 'prerendered/auth/log-in/index.html'],
    ['/auth/log-in/', 'redirectPath=%2Fdashboard', 'prerendered/auth/log-in/index.html'],
    ['/auth/log-in/', 'method=otp', 'prerendered/auth/log-in/index.method-otp.html'],
    ['/auth/log-in/', 'method=..%2F..%2Fsecret', 'prerendered/auth/log-in/index.html'],
    ['/provider/abc-123/', '', 'prerendered/provider/abc-123/index.html'],
    ['/providers', '', 'prerendered/providers/index.html'],
    // The filters choose the list: the bare list's picture would show other providers.
    ['/providers', 't=ct', null],
  ])('%s?%s -> %s', (path, search, file) => {
    expect(prerenderedFile(path, new URLSearchParams(search))).toBe(file);
  });

  it('captures a view at its own address', () => {
    expect(routeUrl({ path: '/auth/log-in/', query: { method: 'otp' } })).toBe('/auth/log-in/?method=otp');
    expect(routeUrl({ path: '/' })).toBe('/');
  });
});
