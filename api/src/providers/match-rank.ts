// The matching's ranking rule (decline and track, matching feedback): pure, table-tested in
// api/test/match-rank.test.ts. Declined providers are never suggested; the rest keep the search's order
// except where the patient's own signals move them:
// - a provider they marked a good fit comes first, a poor fit last;
// - a decline's reason demotes providers like the declined one in that respect: "fees" those at the
//   same or a higher price tier, "gender" those of the same gender, "language" those who speak no
//   language the declined one did not. "availability", "expertise" and "other" say nothing about others.

export const DECLINE_REASONS = ['fees', 'availability', 'language', 'expertise', 'gender', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export interface RankCandidate {
  id: number;
  gender: string;
  languages: string[];
  price_tier: number;
}
export interface RankSignals {
  declines: Array<{ provider: RankCandidate; reason: DeclineReason }>;
  fits: ReadonlyMap<number, 'good' | 'poor'>;
}

const FIT_WEIGHT = 100;
const LIKE_DECLINED_WEIGHT = 10;

function likeDeclined(p: RankCandidate, d: RankCandidate, reason: DeclineReason): boolean {
  switch (reason) {
    case 'fees':
      return p.price_tier >= d.price_tier;
    case 'gender':
      return p.gender === d.gender;
    case 'language':
      return p.languages.every((l) => d.languages.includes(l));
    default:
      return false;
  }
}

/** `candidates` in the search's order; answers them ranked, declined ones left out (stable for equal scores). */
export function rankMatches<P extends RankCandidate>(candidates: readonly P[], signals: RankSignals): P[] {
  const declined = new Set(signals.declines.map((d) => d.provider.id));
  const score = (p: P) => {
    const fit = signals.fits.get(p.id);
    let s = fit === 'good' ? -FIT_WEIGHT : fit === 'poor' ? FIT_WEIGHT : 0;
    for (const d of signals.declines) if (likeDeclined(p, d.provider, d.reason)) s += LIKE_DECLINED_WEIGHT;
    return s;
  };
  return candidates
    .filter((p) => !declined.has(p.id))
    .map((p, i) => ({ p, i, s: score(p) }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .map((x) => x.p);
}
