import { havenStore } from '../state/store';
import { installAuthTestKit } from './test/auth-test-kit';
import { startTflFlow } from './tfl-flow';

installAuthTestKit();

describe('startTflFlow (the therapy-for-life flow: entered by link, kept until sign-out)', () => {
  it.each<[string, string, string | null, boolean]>([
    ['the entry link', '?is_tfl_flow=true', null, true],
    ['the entry link among other parameters', '?utm_source=x&is_tfl_flow=true', null, true],
    ['a later page of the flow (stored)', '', 'true', true],
    ['any other value', '?is_tfl_flow=1', null, false],
    ['no link, nothing stored', '', null, false],
  ])('%s', (_label, search, stored, expected) => {
    if (stored !== null) localStorage.setItem('is_tfl_flow', stored);
    expect(startTflFlow(search)).toBe(expected);
    expect(havenStore.getState().tfl.isTflFlow).toBe(expected);
    expect(localStorage.getItem('is_tfl_flow')).toBe(expected ? 'true' : null);
  });
});
