import { matchingPayload, MAX_MATCHES_SENT } from './matching-payload';

const uuids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const NOW = new Date('2026-11-23T12:00:00Z');

describe('matchingPayload (product rules, Providers and fees: at most 30 matches sent)', () => {
  it.each([
    ['none', 0, 0],
    ['a few', 3, 3],
    ['exactly 30', 30, 30],
    ['31 is cut to the first 30', 31, 30],
    ['100 is cut to the first 30', 100, 30],
  ])('%s', (_case, n, sent) => {
    const p = matchingPayload({ concern: 'anxiety' }, 'therapist', uuids(n), NOW);
    expect(p.all_matches).toEqual(uuids(n).slice(0, sent));
    expect(p.all_matches.length).toBeLessThanOrEqual(MAX_MATCHES_SENT);
    expect(p).toMatchObject({ provider_type: 'therapist', updated_at: '2026-11-23T12:00:00.000Z', user_response: { concern: 'anxiety' } });
  });
  it('repeats are sent once, in first-seen order', () => {
    expect(matchingPayload({}, 'psychiatrist', ['a', 'b', 'a', 'c'], NOW).all_matches).toEqual(['a', 'b', 'c']);
  });
});
