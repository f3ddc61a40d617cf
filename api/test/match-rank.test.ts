// The matching's ranking rule (providers/match-rank.ts), table by table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rankMatches, type DeclineReason, type RankCandidate } from '../src/providers/match-rank.js';

const P = (id: number, gender: string, languages: string[], price_tier: number): RankCandidate => ({ id, gender, languages, price_tier });
const a = P(1, 'female', ['english'], 2);
const b = P(2, 'male', ['english', 'hindi'], 3);
const c = P(3, 'female', ['hindi'], 1);
const d = P(4, 'male', ['english'], 4);
const all = [a, b, c, d];
const ids = (ps: RankCandidate[]) => ps.map((p) => p.id);

const cases: Array<{
  name: string;
  declines?: Array<[RankCandidate, DeclineReason]>;
  fits?: Array<[number, 'good' | 'poor']>;
  want: number[];
}> = [
  { name: 'no signals: the search order', want: [1, 2, 3, 4] },
  { name: 'a declined provider is left out', declines: [[b, 'other']], want: [1, 3, 4] },
  {
    name: '"availability", "expertise", "other" move nobody else',
    declines: [
      [a, 'availability'],
      [c, 'expertise'],
    ],
    want: [2, 4],
  },
  { name: '"fees": the same tier or dearer go last', declines: [[b, 'fees']], want: [1, 3, 4] },
  { name: '"fees" from the cheapest: everyone is as dear, order kept', declines: [[c, 'fees']], want: [1, 2, 4] },
  { name: '"gender": the same gender goes last', declines: [[a, 'gender']], want: [2, 4, 3] },
  { name: '"language": no other language goes last', declines: [[a, 'language']], want: [2, 3, 4] },
  { name: '"language" from a bilingual provider', declines: [[b, 'language']], want: [1, 3, 4] },
  { name: 'a good fit comes first', fits: [[4, 'good']], want: [4, 1, 2, 3] },
  { name: 'a poor fit goes last, after decline demotions', declines: [[c, 'gender']], fits: [[2, 'poor']], want: [4, 1, 2] },
  { name: 'a good fit outweighs a decline demotion', declines: [[a, 'gender']], fits: [[3, 'good']], want: [3, 2, 4] },
  {
    name: 'two demotions weigh more than one',
    declines: [
      [a, 'gender'],
      [b, 'language'],
    ],
    want: [4, 3],
  },
];

for (const t of cases) {
  test(t.name, () => {
    const got = rankMatches(all, {
      declines: (t.declines ?? []).map(([provider, reason]) => ({ provider, reason })),
      fits: new Map(t.fits ?? []),
    });
    assert.deepEqual(ids(got), t.want);
  });
}
