import { http } from 'msw';
import { API, calls, installAuthTestKit, json, server } from '../auth/test/auth-test-kit';
import { loadAppVisibility } from './load-app-visibility';
import { havenStore } from '../state/store';

installAuthTestKit();

const PATH = '/customers/app_visibility_v2';

describe('loadAppVisibility', () => {
  it('callers asking while the answer is on its way share one request; a later ask asks again', async () => {
    server.use(http.get(`${API}${PATH}`, () => json({ is_therapy_offered: false, showcommunities: true })));
    await Promise.all([loadAppVisibility(), loadAppVisibility(), loadAppVisibility()]);
    expect(calls('GET', PATH)).toHaveLength(1);
    expect(havenStore.getState().appConfig.appVisibility).toMatchObject({ isTherapyOffered: false, showCommunities: true });

    server.use(http.get(`${API}${PATH}`, () => json({ is_therapy_offered: true })));
    await loadAppVisibility(); // e.g. after the plan changed: not served from the finished request
    expect(calls('GET', PATH)).toHaveLength(2);
    expect(havenStore.getState().appConfig.appVisibility.isTherapyOffered).toBe(true);
  });

  it('a failed answer keeps the last visibility and lets the next ask try again', async () => {
    server.use(http.get(`${API}${PATH}`, () => json({ is_therapy_offered: false })));
    await loadAppVisibility();
    server.use(http.get(`${API}${PATH}`, () => json({ message: 'down' }, 500)));
    await Promise.all([loadAppVisibility(), loadAppVisibility()]);
    expect(havenStore.getState().appConfig.appVisibility.isTherapyOffered).toBe(false);
    server.use(http.get(`${API}${PATH}`, () => json({ is_therapy_offered: true })));
    await loadAppVisibility();
    expect(havenStore.getState().appConfig.appVisibility.isTherapyOffered).toBe(true);
  });
});
