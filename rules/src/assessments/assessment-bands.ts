// Where a score sits on its instrument's scale, in plain words, and the next step for its band: the one
// table the api (the stored band) and the result page (the words and the step) both use.
//
// Each instrument names the guidance its bands and steps come from. Severity has a next step: from
// "moderately severe" up (PHQ-9 15+, GAD-7 15+) the result offers the person's country helplines and the
// fastest way to a clinician today, whatever the risk item says; a risk answer (assessment-risk.ts)
// still outranks all of it. The clinical team reviews this table with the risk and helpline tables.

/** What the result page offers after the score, from the mildest to the most urgent. */
export type NextStepKind = 'keep-going' | 'self-care' | 'book' | 'today';

export interface ScoreBand {
  /** The stored band name (api `assessment_responses.severity`). */
  band: string;
  min: number;
  max: number;
  /** What the band means, in plain words, after "This is in the … range:". */
  meaning: string;
  next: NextStepKind;
}

export interface InstrumentBands {
  slug: string;
  /** The highest score the instrument can give. */
  scaleMax: number;
  bands: readonly ScoreBand[];
  source: string;
}

const KROENKE_2001 =
  'PHQ-9: Kroenke, Spitzer & Williams, J Gen Intern Med 2001;16:606-613 (Table: PHQ-9 scores and proposed treatment actions: ' +
  '5-9 watchful waiting, repeat at follow-up; 10-14 treatment plan, counselling, follow-up; 15-19 active treatment; ' +
  '20-27 immediate initiation of treatment and expedited referral to a mental health specialist).';
const SPITZER_2006 =
  'GAD-7: Spitzer, Kroenke, Williams & Löwe, Arch Intern Med 2006;166:1092-1097 (cut-points 5, 10 and 15 for mild, ' +
  'moderate and severe anxiety; 10 and above warrants further evaluation).';

export const ASSESSMENT_BANDS: readonly InstrumentBands[] = [
  {
    slug: 'phq-9',
    scaleMax: 27,
    source: KROENKE_2001,
    bands: [
      { band: 'minimal', min: 0, max: 4, meaning: 'few or no signs of depression', next: 'keep-going' },
      { band: 'mild', min: 5, max: 9, meaning: 'some signs of depression', next: 'self-care' },
      { band: 'moderate', min: 10, max: 14, meaning: 'signs of depression that deserve care', next: 'book' },
      { band: 'moderately severe', min: 15, max: 19, meaning: 'strong signs of depression', next: 'today' },
      { band: 'severe', min: 20, max: 27, meaning: 'very strong signs of depression', next: 'today' },
    ],
  },
  {
    slug: 'gad-7',
    scaleMax: 21,
    source: SPITZER_2006,
    bands: [
      { band: 'minimal', min: 0, max: 4, meaning: 'few or no signs of anxiety', next: 'keep-going' },
      { band: 'mild', min: 5, max: 9, meaning: 'some signs of anxiety', next: 'self-care' },
      { band: 'moderate', min: 10, max: 14, meaning: 'signs of anxiety that deserve care', next: 'book' },
      { band: 'severe', min: 15, max: 21, meaning: 'very strong signs of anxiety', next: 'today' },
    ],
  },
  {
    // Our own three questions ("I have felt calm and relaxed" ...): a higher score is better. Not a
    // clinical instrument, so no band of it is urgent; a low score suggests talking to someone.
    slug: 'wellbeing-check',
    scaleMax: 9,
    source: "Haven's common well-being check: three statements, 0-3 each, higher is better; not a clinical instrument.",
    bands: [
      { band: 'low', min: 0, max: 2, meaning: 'a hard stretch lately', next: 'book' },
      { band: 'mixed', min: 3, max: 5, meaning: 'some good days and some hard ones', next: 'self-care' },
      { band: 'good', min: 6, max: 9, meaning: 'doing well lately', next: 'keep-going' },
    ],
  },
];

export interface ScorePlace {
  band: string;
  /** "24 of 27". */
  ofScale: string;
  /** "severe (20-27)". */
  range: string;
  meaning: string;
  next: NextStepKind;
  source: string;
}

/** The instrument's bands; an instrument without a row is banded like GAD-7's four steps (the api's default). */
export function instrumentBands(slug: string): InstrumentBands {
  return ASSESSMENT_BANDS.find((i) => i.slug === slug) ?? { ...ASSESSMENT_BANDS[1]!, slug };
}

/** Where `score` sits on instrument `slug`'s scale (a score past the top is in the top band). */
export function scorePlace(slug: string, score: number): ScorePlace {
  const instrument = instrumentBands(slug);
  const { bands } = instrument;
  const band = bands.find((b) => score <= b.max) ?? bands[bands.length - 1]!;
  return {
    band: band.band,
    ofScale: `${score} of ${instrument.scaleMax}`,
    range: `${band.band} (${band.min}-${band.max})`,
    meaning: band.meaning,
    next: band.next,
    source: instrument.source,
  };
}

/** The stored band of a score (api `assessment_responses.severity`). */
export const severityOf = (slug: string, score: number): string => scorePlace(slug, score).band;
