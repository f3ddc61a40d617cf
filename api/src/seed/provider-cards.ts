// What every demo provider's card and profile shows beyond the main seed's row: a qualification, the
// council registration, their approach in one line and a portrait the project ships (api/assets/avatars,
// drawn by scripts/make-portraits.mjs). Registration numbers are made up for the demo. Called once from
// seed(), after every seeded provider exists; a test checks that none is left without them.
import type { Queryable } from '../db/index.js';

export interface ProviderCardSeed {
  qualification: string;
  council: string;
  number: string;
  approach: string;
  /** The portrait's file in the avatar folder (one per demo provider). */
  avatar: string;
}

/** By "First Last", as the seed names them. */
export const PROVIDER_CARDS: Readonly<Record<string, ProviderCardSeed>> = {
  'Ananya Rao': {
    qualification: 'M.Phil. Clinical Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A21874',
    approach: 'Practical CBT tools for worry, stress and sleep, agreed with you session by session.',
    avatar: 'ananya-rao.webp',
  },
  'Rahul Mehta': {
    qualification: 'M.A. Counselling Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A40312',
    approach: 'A steady, unhurried space to talk through low mood, loss and anger.',
    avatar: 'rahul-mehta.webp',
  },
  'Sara Collins': {
    qualification: 'Psy.D. Clinical Psychology',
    council: 'New York State Board for Psychology',
    number: 'NY-PSY-018842',
    approach: 'Trauma-focused work with EMDR and exposure, always at a pace you choose.',
    avatar: 'sara-collins.webp',
  },
  'Vikram Iyer': {
    qualification: 'MBBS, MD Psychiatry',
    council: 'Tamil Nadu Medical Council',
    number: 'TNMC 74521',
    approach: 'Careful medication reviews, explained plainly, alongside your therapist.',
    avatar: 'vikram-iyer.webp',
  },
  'Meera Das': {
    qualification: 'MBBS, DNB Psychiatry',
    council: 'West Bengal Medical Council',
    number: 'WBMC 61208',
    approach: 'Listens first, prescribes second; close follow-up for eating and sleep concerns.',
    avatar: 'meera-das.webp',
  },
  'Kabir Singh': {
    qualification: 'M.Sc. Clinical Psychology, Gottman Level 2',
    council: 'Rehabilitation Council of India',
    number: 'A33090',
    approach: 'Helps couples argue less and listen more, with exercises for home.',
    avatar: 'kabir-singh.webp',
  },
  'Emma Brooks': {
    qualification: 'M.A. Marriage and Family Therapy',
    council: 'New York State Board for Mental Health Practitioners',
    number: 'LMFT-004471',
    approach: 'Emotionally focused couples work for partners and new parents.',
    avatar: 'emma-brooks.webp',
  },
  'Arjun Nair': {
    qualification: 'PG Diploma in Counselling, ICF coach',
    council: 'International Coaching Federation',
    number: 'ICF-ACC 2291',
    approach: 'Short, goal-led coaching for study and work pressure.',
    avatar: 'arjun-nair.webp',
  },
  'Nisha Kapoor': {
    qualification: 'M.Phil. Child and Adolescent Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A28815',
    approach: "Works with parents as partners to support a child's attention and learning.",
    avatar: 'nisha-kapoor.webp',
  },
  'Dev Malhotra': {
    qualification: 'M.A. Clinical Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A51407',
    approach: 'A first conversation that maps what your child needs and who can help.',
    avatar: 'dev-malhotra.webp',
  },
  'Leela Menon': {
    qualification: 'M.Phil. Clinical Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A19963',
    approach: 'Gentle, play-informed therapy for children and families after loss or trauma.',
    avatar: 'leela-menon.webp',
  },
  'Isha Bose': {
    qualification: 'M.Sc. Counselling Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A36654',
    approach: 'In-clinic sessions for anxiety and grief, grounded in acceptance-based therapy.',
    avatar: 'isha-bose.webp',
  },
  'Tara Gill': {
    qualification: 'M.Phil. Clinical Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A30178',
    approach: 'Warm and direct: clear goals for anxiety and trauma, reviewed together.',
    avatar: 'tara-gill.webp',
  },
  'Zoya Khan': {
    qualification: 'M.A. Applied Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A58820',
    approach: 'A supervised early-career therapist offering free sessions for stress and anxiety.',
    avatar: 'zoya-khan.webp',
  },
  'Neha Pillai': {
    qualification: 'M.Sc. Clinical Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A44096',
    approach: 'Structured CBT for anxiety and low mood, with small steps between sessions.',
    avatar: 'neha-pillai.webp',
  },
  'Liam Turner': {
    qualification: 'M.S.W., Licensed Clinical Social Worker',
    council: 'New York State Board for Social Work',
    number: 'LCSW-082215',
    approach: 'Motivational interviewing for anxiety and addiction, without judgement.',
    avatar: 'liam-turner.webp',
  },
  'Ravi Kumar': {
    qualification: 'M.S.W. (Medical and Psychiatric Social Work)',
    council: 'National Association of Professional Social Workers in India',
    number: 'NAPSWI-7712',
    approach: 'Helps you book, change providers and get answers about your plan.',
    avatar: 'ravi-kumar.webp',
  },
  'Kavya Reddy': {
    qualification: 'M.A. Counselling Psychology',
    council: 'Rehabilitation Council of India',
    number: 'A47731',
    approach: 'Helps students and young adults handle academic pressure and the worry around it.',
    avatar: 'kavya-reddy.webp',
  },
};

export async function seedProviderCards(q: Queryable): Promise<void> {
  for (const [name, c] of Object.entries(PROVIDER_CARDS)) {
    await q.query(
      `UPDATE providers SET qualification = $2, registration_council = $3, registration_number = $4, approach = $5, avatar_file = $6
        WHERE firstname || ' ' || lastname = $1`,
      [name, c.qualification, c.council, c.number, c.approach, c.avatar],
    );
  }
}
