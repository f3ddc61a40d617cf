// Seeds a fresh database with the demo world (see demo-accounts.ts and api/README.md).
import type { Db, Queryable } from '../db/index.js';
import { hashPassword, randomToken } from '../identity/index.js';
import { DEMO_ACCOUNTS, DEMO_ORGANISATIONS, DEMO_PASSWORD } from './demo-accounts.js';
import { zonedToUtc, localParts } from '../core/time.js';
import { seedDashboard } from './dashboard.js';
import { seedBooking } from './booking.js';
import { seedCareteam } from './careteam.js';
import { seedSignin } from './signin.js';
import { seedAccount } from './account.js';
import { seedCareflows } from './careflows.js';
import { seedCouple } from './couple.js';
import { seedPlanvis } from './planvis.js';
import { seedInvoice } from './invoice.js';
import { seedAncillary } from './ancillary.js';
import { seedContent } from './content.js';
import { seedProviderCards } from './provider-cards.js';
import { writeExamplePlan } from '../care/index.js';
import { inr, usd } from './offerings.js';

interface P {
  key: string;
  firstname: string;
  lastname: string;
  roles: string[];
  gender: string;
  languages: string[];
  price_tier: number;
  concerns: string[];
  currency: 'INR' | 'USD';
  online: ReturnType<typeof inr> | null;
  offline: ReturnType<typeof inr> | null;
  centres: string[];
  tz?: string;
  support?: boolean;
  exp: number;
  /** The profile's bio, as the provider wrote it. */
  bio: string;
  offer?: {
    discount_amount: { value: number; currency: string } | null;
    discount_amount_currency: string | null;
    discount_percentage: number | null;
  };
}
const PROVIDERS: P[] = [
  {
    key: 'ananya',
    firstname: 'Ananya',
    lastname: 'Rao',
    roles: ['therapist'],
    gender: 'female',
    languages: ['english', 'hindi'],
    price_tier: 2,
    concerns: ['anxiety', 'stress', 'sleep-disturbances'],
    currency: 'INR',
    online: inr(1500),
    offline: inr(2000),
    centres: ['Bandra', 'Indiranagar'],
    exp: 8,
    bio: 'Ananya helps people who feel on edge all the time find their footing again, with practical tools for worry, stress and sleepless nights. She has been a therapist for eight years and sees clients in Mumbai, Bengaluru and online.',
  },
  {
    key: 'rahul',
    firstname: 'Rahul',
    lastname: 'Mehta',
    roles: ['therapist'],
    gender: 'male',
    languages: ['english', 'marathi'],
    price_tier: 1,
    concerns: ['depression', 'grief', 'anger'],
    currency: 'INR',
    online: inr(900),
    offline: null,
    centres: [],
    exp: 4,
    bio: 'Rahul works with low mood, loss and anger, at a pace that suits you. Four years into his practice, he offers online sessions in English and Marathi.',
  },
  {
    key: 'sara',
    firstname: 'Sara',
    lastname: 'Collins',
    roles: ['therapist'],
    gender: 'female',
    languages: ['english'],
    price_tier: 4,
    concerns: ['trauma', 'ocd', 'anxiety'],
    currency: 'USD',
    online: usd(120),
    offline: null,
    centres: [],
    tz: 'America/New_York',
    exp: 12,
    bio: 'Sara specialises in trauma and obsessive-compulsive difficulties, using evidence-based approaches such as EMDR and exposure work. She has twelve years of experience and works with clients across time zones.',
  },
  {
    key: 'vikram',
    firstname: 'Vikram',
    lastname: 'Iyer',
    roles: ['psychiatrist'],
    gender: 'male',
    languages: ['english', 'tamil', 'hindi'],
    price_tier: 4,
    concerns: ['adhd', 'depression', 'addiction'],
    currency: 'INR',
    online: inr(2500),
    offline: inr(3000),
    centres: ['Saket', 'Koramangala'],
    exp: 15,
    bio: 'Dr Vikram is a psychiatrist with fifteen years of experience in ADHD, depression and addiction. He reviews medication carefully and works alongside your therapist.',
  },
  {
    key: 'meera',
    firstname: 'Meera',
    lastname: 'Das',
    roles: ['psychiatrist'],
    gender: 'female',
    languages: ['english', 'bengali'],
    price_tier: 5,
    concerns: ['eating-disorders', 'ocd', 'sleep-disturbances'],
    currency: 'INR',
    online: inr(3500),
    offline: null,
    centres: [],
    exp: 20,
    bio: 'Dr Meera has twenty years of psychiatric practice, with a focus on eating disorders, OCD and sleep. She explains every option plainly before you decide together.',
  },
  {
    key: 'kabir',
    firstname: 'Kabir',
    lastname: 'Singh',
    roles: ['couplestherapist', 'therapist'],
    gender: 'male',
    languages: ['english', 'hindi', 'punjabi'],
    price_tier: 3,
    concerns: ['relationship', 'anger', 'stress'],
    currency: 'INR',
    online: inr(1800, 2800),
    offline: inr(2200, 3200),
    centres: ['Andheri', 'Gurugram'],
    exp: 10,
    bio: 'Kabir helps couples and individuals untangle conflict, anger and stress. Ten years of practice have taught him that being heard is where change starts.',
  },
  {
    key: 'emma',
    firstname: 'Emma',
    lastname: 'Brooks',
    roles: ['couplestherapist'],
    gender: 'female',
    languages: ['english'],
    price_tier: 5,
    concerns: ['relationship', 'parenting-concerns'],
    currency: 'USD',
    online: usd(150, 200),
    offline: null,
    centres: [],
    tz: 'America/New_York',
    exp: 14,
    bio: 'Emma works with couples and parents through the changes that strain a relationship: a new baby, a move, years of small hurts. She has fourteen years of experience.',
  },
  {
    key: 'arjun',
    firstname: 'Arjun',
    lastname: 'Nair',
    roles: ['coach'],
    gender: 'male',
    languages: ['english', 'kannada'],
    price_tier: 1,
    concerns: ['stress', 'academic-concerns'],
    currency: 'INR',
    online: inr(700),
    offline: null,
    centres: [],
    exp: 3,
    bio: 'Arjun coaches students and young professionals on stress, focus and study habits, with clear goals you set together.',
  },
  {
    key: 'nisha',
    firstname: 'Nisha',
    lastname: 'Kapoor',
    roles: ['childenfirstindia'],
    gender: 'female',
    languages: ['english', 'hindi'],
    price_tier: 3,
    concerns: ['adhd', 'parenting-concerns', 'academic-concerns'],
    currency: 'INR',
    online: inr(1700),
    offline: inr(2100),
    centres: ['Koramangala'],
    exp: 9,
    bio: 'Nisha supports children and their families with attention, learning and parenting concerns, working with parents as partners in care.',
  },
  {
    key: 'dev',
    firstname: 'Dev',
    lastname: 'Malhotra',
    roles: ['cf-intake-specialist'],
    gender: 'non_binary',
    languages: ['english', 'hindi'],
    price_tier: 2,
    concerns: ['anxiety', 'depression'],
    currency: 'INR',
    online: inr(1200),
    offline: null,
    centres: [],
    exp: 6,
    bio: 'Dev meets you first, listens to what brings you to Haven and helps you find the right care for anxiety or low mood.',
  },
  {
    key: 'leela',
    firstname: 'Leela',
    lastname: 'Menon',
    roles: ['cf-clinician', 'therapist'],
    gender: 'female',
    languages: ['english', 'malayalam'],
    price_tier: 3,
    concerns: ['trauma', 'grief'],
    currency: 'INR',
    online: inr(1600),
    offline: inr(1900),
    centres: ['Bandra'],
    exp: 11,
    bio: 'Leela is a clinician and therapist who works gently with trauma and grief. She has eleven years of experience.',
  },
  // Product rules, Providers and fees: fee cases for the booking suite (see e2e/booking.spec.ts): offline only, both with the offline
  // fee lower, zero fee (not shown), and offers (an amount with its currency, a percentage).
  {
    key: 'isha',
    firstname: 'Isha',
    lastname: 'Bose',
    roles: ['therapist'],
    gender: 'female',
    languages: ['english', 'bengali'],
    price_tier: 2,
    concerns: ['anxiety', 'grief'],
    currency: 'INR',
    online: null,
    offline: inr(1400),
    centres: ['Indiranagar'],
    exp: 7,
    bio: 'Isha helps people through anxiety and loss with warmth and structure. She has seven years of experience.',
  },
  {
    key: 'tara',
    firstname: 'Tara',
    lastname: 'Gill',
    roles: ['therapist'],
    gender: 'female',
    languages: ['english', 'punjabi'],
    price_tier: 3,
    concerns: ['anxiety', 'trauma'],
    currency: 'INR',
    online: inr(2400),
    offline: inr(1800),
    centres: ['Saket'],
    exp: 9,
    bio: 'Tara works with anxiety and the after-effects of trauma, combining CBT with body-based techniques. She has nine years of experience.',
  },
  {
    key: 'zoya',
    firstname: 'Zoya',
    lastname: 'Khan',
    roles: ['therapist'],
    gender: 'female',
    languages: ['english', 'hindi', 'urdu'],
    price_tier: 1,
    concerns: ['anxiety', 'stress'],
    currency: 'INR',
    online: inr(0),
    offline: null,
    centres: [],
    exp: 2,
    bio: 'Zoya is a therapist early in her career who works with anxiety and everyday stress, with a calm and practical style.',
  },
  {
    key: 'neha',
    firstname: 'Neha',
    lastname: 'Pillai',
    roles: ['therapist'],
    gender: 'female',
    languages: ['english', 'malayalam'],
    price_tier: 2,
    concerns: ['anxiety', 'depression'],
    currency: 'INR',
    online: inr(1300),
    offline: null,
    centres: [],
    exp: 5,
    bio: 'Neha helps adults with anxiety and depression build routines that hold up on hard days. She has five years of experience.',
    offer: { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null },
  },
  {
    key: 'liam',
    firstname: 'Liam',
    lastname: 'Turner',
    roles: ['therapist'],
    gender: 'male',
    languages: ['english'],
    price_tier: 4,
    concerns: ['anxiety', 'addiction'],
    currency: 'USD',
    online: usd(90),
    offline: null,
    centres: [],
    tz: 'America/New_York',
    exp: 6,
    bio: 'Liam works with anxiety and addiction, without judgement, focusing on the next small step. He has six years of experience.',
    offer: { discount_amount: null, discount_amount_currency: null, discount_percentage: 15 },
  },
  {
    key: 'ravi',
    firstname: 'Ravi',
    lastname: 'Kumar',
    roles: ['care-coordinator'],
    gender: 'male',
    languages: ['english', 'hindi'],
    price_tier: 1,
    concerns: [],
    currency: 'INR',
    online: inr(0),
    offline: null,
    centres: [],
    support: true,
    exp: 5,
    bio: 'Ravi coordinates your care: he helps you book, change providers and get answers about your plan.',
  },
];

const CLINICS = [
  {
    code: 'mum',
    name: 'Mumbai',
    centres: [
      ['Bandra', 'Hill Road, Bandra West'],
      ['Andheri', 'Lokhandwala, Andheri West'],
    ],
  },
  {
    code: 'del',
    name: 'Delhi NCR',
    centres: [
      ['Saket', 'Press Enclave Marg, Saket'],
      ['Gurugram', 'Golf Course Road, Gurugram'],
    ],
  },
  {
    code: 'blr',
    name: 'Bengaluru',
    centres: [
      ['Indiranagar', '100 Feet Road, Indiranagar'],
      ['Koramangala', '80 Feet Road, Koramangala'],
    ],
  },
];

const q3 = [
  { label: 'Not at all', value: 0 },
  { label: 'Several days', value: 1 },
  { label: 'More than half the days', value: 2 },
  { label: 'Nearly every day', value: 3 },
];
const ASSESSMENTS = [
  {
    slug: 'phq-9',
    title: 'Depression check (PHQ-9)',
    type: 'psychiatry',
    description: 'Over the last two weeks, how often have you been bothered by the following problems?',
    items: [
      'Little interest or pleasure in doing things',
      'Feeling down, depressed, or hopeless',
      'Trouble falling or staying asleep, or sleeping too much',
      'Feeling tired or having little energy',
      'Poor appetite or overeating',
      'Feeling bad about yourself',
      'Trouble concentrating on things',
      'Moving or speaking slowly, or being fidgety or restless',
      'Thoughts that you would be better off dead or of hurting yourself',
    ],
  },
  {
    slug: 'gad-7',
    title: 'Anxiety check (GAD-7)',
    type: 'therapy',
    description: 'Over the last two weeks, how often have you been bothered by the following problems?',
    items: [
      'Feeling nervous, anxious, or on edge',
      'Not being able to stop or control worrying',
      'Worrying too much about different things',
      'Trouble relaxing',
      'Being so restless that it is hard to sit still',
      'Becoming easily annoyed or irritable',
      'Feeling afraid as if something awful might happen',
    ],
  },
  {
    slug: 'wellbeing-check',
    title: 'Common well-being check',
    type: 'common',
    description: 'A short check of how you have been doing.',
    items: ['I have felt calm and relaxed', 'I have had energy for daily tasks', 'I have felt connected to people around me'],
  },
];

/** Start of the hour `hour` (Asia/Kolkata) `days` from now. */
function istAt(days: number, hour: number) {
  const p = localParts(Date.now() + days * 86_400_000, 'Asia/Kolkata');
  return zonedToUtc(p.year, p.month, p.day, hour, 0, 'Asia/Kolkata');
}

export async function isSeeded(db: Db) {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`))[0]!.n > 0;
}

export async function seed(db: Db) {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.tx(async (q) => {
    const orgId: Record<string, number> = {};
    for (const [key, o] of Object.entries(DEMO_ORGANISATIONS)) {
      const visibility =
        key === 'acme'
          ? {
              is_therapy_offered_offline: true,
              is_psychiatry_offered_offline: true,
              is_couple_therapy_offered_offline: true,
              showaddmember: true,
            }
          : key === 'initech'
            ? { is_couple_therapy_offered: false, showcommunities: false }
            : { is_psychiatry_offered: false };
      const [r] = await q.query<{ id: number }>(
        `INSERT INTO organisations (uuid, name, short_code, show_card_dashboard, is_cf_partner, partner_secret, totp_secret, max_member_count, visibility)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          o.uuid,
          o.name,
          o.short_code,
          o.show_card_dashboard,
          key === 'initech',
          randomToken(32),
          randomToken(20),
          key === 'acme' ? 3 : 0,
          JSON.stringify(visibility),
        ],
      );
      orgId[key] = r!.id;
    }

    const users: Record<string, number> = {};
    const addUser = async (
      key: string,
      f: {
        usertype?: string;
        email: string | null;
        first: string;
        last: string;
        org?: string;
        parent?: string;
        mobile?: string;
        crn?: string;
        verified?: boolean;
        firstTime?: boolean;
        country?: string;
        gender?: string;
        dob?: string;
      },
    ) => {
      const [r] = await q.query<{ id: number }>(
        `INSERT INTO users (firebaseid, usertype, email, mobile, country_code, first_name, last_name, gender, date_of_birth, password_hash, organisation_id, parent_user_id, is_verified, is_first_time_haven_user, crn,
                            email_verified_at, mobile_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, CASE WHEN $3::text IS NOT NULL THEN now() END, CASE WHEN $4::text IS NOT NULL THEN now() END) RETURNING id`,
        [
          `fb-${key}`,
          f.usertype ?? 'patient',
          f.email,
          f.mobile ?? null,
          f.country ?? '91',
          f.first,
          f.last,
          f.gender ?? null,
          f.dob ?? null,
          f.email ? hash : null,
          f.org ? orgId[f.org] : null,
          f.parent ? users[f.parent] : null,
          f.verified ?? true,
          f.firstTime ?? false,
          f.crn ?? null,
        ],
      );
      users[key] = r!.id;
      return r!.id;
    };
    await addUser('patient', {
      email: 'patient@haven.test',
      first: 'Priya',
      last: 'Sharma',
      mobile: '9876543210',
      gender: 'female',
      dob: '1992-04-12',
    });
    await addUser('aarav', { email: null, first: 'Aarav', last: 'Sharma', parent: 'patient', gender: 'male', dob: '2012-09-01' });
    await addUser('newpatient', {
      email: 'newpatient@haven.test',
      first: 'Neel',
      last: 'Joshi',
      mobile: '9123456780',
      verified: false,
      firstTime: true,
    });
    await addUser('intl', { email: 'intl@haven.test', first: 'Maya', last: 'Fernandes', mobile: '2025550143', country: '1' });
    await addUser('acme', {
      usertype: 'employee',
      email: 'employee@acme.test',
      first: 'Rohan',
      last: 'Verma',
      org: 'acme',
      crn: 'CRN1001',
      mobile: '9988776655',
    });
    await addUser('globex', { usertype: 'employee', email: 'employee@globex.test', first: 'Sana', last: 'Qureshi', org: 'globex' });
    await addUser('cf', { usertype: 'cf_employee', email: 'cf@initech.test', first: 'Kiran', last: 'Patil', org: 'initech' });
    await addUser('clinician', { usertype: 'clinician', email: 'clinician@haven.test', first: 'Dr. Asha', last: 'Pillai' });
    await addUser('cfclinician', { usertype: 'cf_clinician', email: 'cfclinician@haven.test', first: 'Dr. Omar', last: 'Sheikh' });
    if (Object.keys(users).length - 1 !== DEMO_ACCOUNTS.length) throw new Error('seed and DEMO_ACCOUNTS disagree');

    // consents in every state
    const consent = async (key: string, c: Record<string, unknown>) => {
      const cols = Object.keys(c);
      await q.query(
        `INSERT INTO consents (user_id${cols.map((k) => `, ${k}`).join('')}) VALUES ($1${cols.map((_, i) => `, $${i + 2}`).join('')})`,
        [users[key], ...Object.values(c)],
      );
    };
    await consent('patient', {
      is_tnc_checked: true,
      is_privacy_policy_checked: true,
      is_eighteen_plus_checked: true,
      privacy_policy_consent_status: 'accepted',
      ai_consent: true,
      is_ai_consent_modal_viewed: true,
      is_ai_consent_chip_viewed: true,
    });
    await consent('aarav', {});
    await consent('newpatient', {});
    await consent('intl', {
      is_tnc_checked: true,
      is_privacy_policy_checked: true,
      privacy_policy_consent_status: 'accepted',
      is_ai_consent_modal_viewed: true,
    });
    await consent('acme', {
      is_tnc_checked: true,
      is_privacy_policy_checked: false,
      is_eighteen_plus_checked: false,
      privacy_policy_consent_status: 'unaccepted',
      ai_consent: false,
      is_ai_consent_modal_viewed: true,
    });
    await consent('globex', {
      is_tnc_checked: true,
      is_privacy_policy_checked: true,
      is_eighteen_plus_checked: true,
      privacy_policy_consent_status: 'unaccepted',
      is_ai_consent_chip_viewed: true,
    });
    await consent('cf', {
      is_tnc_checked: true,
      is_privacy_policy_checked: true,
      is_eighteen_plus_checked: true,
      privacy_policy_consent_status: 'accepted',
    });

    const centreId: Record<string, number> = {};
    for (const c of CLINICS) {
      const [r] = await q.query<{ id: number }>(`INSERT INTO clinics (code, name) VALUES ($1, $2) RETURNING id`, [c.code, c.name]);
      for (const [name, address] of c.centres) {
        const [cc] = await q.query<{ id: number }>(
          `INSERT INTO clinic_centres (clinic_id, centre_name, address) VALUES ($1, $2, $3) RETURNING id`,
          [r!.id, name, address],
        );
        centreId[name!] = cc!.id;
      }
    }

    const prov: Record<string, number> = {};
    for (const p of PROVIDERS) {
      const medium = p.online && p.offline ? 'online_offline' : p.online ? 'online' : 'offline';
      const [r] = await q.query<{ id: number }>(
        `INSERT INTO providers (firstname, lastname, roles, gender, languages, price_tier, concerns, currency, online_offering, offline_offering, commercials, clinic_centre_ids, bio, experience_years, timezone, work_days, is_support_provider, offer)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
        [
          p.firstname,
          p.lastname,
          JSON.stringify(p.roles),
          p.gender,
          JSON.stringify(p.languages),
          p.price_tier,
          JSON.stringify(p.concerns),
          p.currency,
          p.online ? JSON.stringify(p.online) : null,
          p.offline ? JSON.stringify(p.offline) : null,
          JSON.stringify({ medium }),
          JSON.stringify(p.centres.map((c) => centreId[c])),
          p.bio,
          p.exp,
          p.tz ?? 'Asia/Kolkata',
          JSON.stringify(p.key === 'rahul' ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5, 6]),
          p.support ?? false,
          p.offer ? JSON.stringify(p.offer) : null,
        ],
      );
      prov[p.key] = r!.id;
    }

    const book = async (
      user: string,
      provider: string,
      start: number,
      status: string,
      mode = 'online',
      type = 'individual',
      centre?: string,
    ) => {
      const p = PROVIDERS.find((x) => x.key === provider)!;
      const off = (mode === 'online' ? p.online : p.offline)!;
      await q.query(
        `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency, clinic_centre_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          users[user],
          prov[provider],
          new Date(start).toISOString(),
          new Date(start + 50 * 60_000).toISOString(),
          mode,
          type,
          status,
          type === 'couple' ? off.couple!.minimum_fee : off.minimum_fee,
          off.currency,
          centre ? centreId[centre] : null,
        ],
      );
    };
    // patient: upcoming, suggested, completed
    await book('patient', 'ananya', istAt(2, 11), 'confirmed');
    await book('patient', 'vikram', istAt(4, 15), 'pending', 'offline', 'individual', 'Saket');
    await book('patient', 'kabir', istAt(6, 12), 'confirmed', 'online', 'couple');
    await book('patient', 'meera', istAt(3, 17), 'suggested');
    await book('patient', 'ananya', istAt(-7, 11), 'completed');
    await book('patient', 'ananya', istAt(-14, 11), 'completed');
    await book('patient', 'vikram', istAt(-21, 16), 'completed');
    await book('patient', 'rahul', istAt(-10, 14), 'cancelled');
    await book('aarav', 'nisha', istAt(5, 10), 'confirmed');
    await book('aarav', 'nisha', istAt(-5, 10), 'completed');
    await book('acme', 'kabir', istAt(3, 13), 'confirmed', 'offline', 'individual', 'Andheri');
    await book('acme', 'arjun', istAt(-3, 12), 'completed');
    await book('cf', 'dev', istAt(1, 16), 'confirmed');
    await book('intl', 'sara', istAt(2, 20), 'confirmed');
    for (const [u, p, t] of [
      ['patient', 'ananya', 'therapist'],
      ['patient', 'vikram', 'psychiatrist'],
      ['patient', 'kabir', 'couplestherapist'],
      ['aarav', 'nisha', 'childenfirstindia'],
      ['acme', 'kabir', 'couplestherapist'],
      ['acme', 'arjun', 'coach'],
      ['cf', 'dev', 'cf-intake-specialist'],
      ['intl', 'sara', 'therapist'],
    ] as const) {
      await q.query(`INSERT INTO user_providers (user_id, provider_id, provider_type) VALUES ($1, $2, $3)`, [users[u], prov[p], t]);
    }

    // The demo patient's therapist shared a treatment plan with her (the care area's Treatment plan).
    await writeExamplePlan(q, users.patient!, prov.ananya!, Date.now());

    for (const a of ASSESSMENTS) {
      await q.query(`INSERT INTO assessments (slug, title, assessment_type, description, questions) VALUES ($1, $2, $3, $4, $5)`, [
        a.slug,
        a.title,
        a.type,
        a.description,
        JSON.stringify(a.items.map((text, i) => ({ id: `q${i + 1}`, text, options: q3 }))),
      ]);
    }
    await q.query(`INSERT INTO assessment_responses (user_id, slug, answers, score, severity) VALUES ($1, 'gad-7', $2, 9, 'mild')`, [
      users.patient,
      JSON.stringify([1, 2, 1, 1, 2, 1, 1].map((value, i) => ({ question_id: `q${i + 1}`, value }))),
    ]);

    const nudge = async (user: string, section: string, title: string, body: string, cta: string | null) =>
      q.query(`INSERT INTO nudges (user_id, section, title, body, cta) VALUES ($1, $2, $3, $4, $5)`, [
        users[user],
        section,
        title,
        body,
        cta,
      ]);
    for (const u of ['patient', 'acme', 'intl']) {
      await nudge(u, 'nps', 'How likely are you to recommend us?', 'Tell us on a scale of 0 to 10.', 'Rate us');
      await nudge(u, 'feedback', 'How was your last session?', 'Your feedback helps your provider.', 'Give feedback');
      await nudge(u, 'reflection', 'Take a moment to reflect', 'Write down one thing that went well today.', 'Open journal');
      await nudge(u, 'webtoapp', 'Get the app', 'Join sessions and get reminders on your phone.', 'Download');
    }
    for (const u of ['newpatient', 'globex', 'cf', 'aarav'])
      await nudge(u, 'webtoapp', 'Get the app', 'Join sessions and get reminders on your phone.', 'Download');

    for (const [name, enabled, description] of [
      ['ai_enabled', true, 'AI features (with consent)'],
      ['public_show_coupon_code_on_customer_listing', true, 'Show the coupon code on provider listings (cf_coupon_enabled)'],
      ['show_communities', true, 'Communities section'],
      ['journal_enabled', true, 'Journal'],
      ['new_booking_flow', false, 'Experimental booking flow'],
    ] as const)
      await q.query(`INSERT INTO feature_flags (name, enabled, description) VALUES ($1, $2, $3)`, [name, enabled, description]);

    for (const org of ['acme', 'globex']) {
      await q.query(
        `INSERT INTO org_packages (organisation_id, package_for, package_type, package_sub_type, sessions_per_employee) VALUES ($1, 'therapy', 'b2b', 'therapy_6', 6)`,
        [orgId[org]],
      );
    }

    for (const [code, description, pct, amount, currency] of [
      ['WELCOME20', '20% off your first session', 20, null, null],
      ['FLAT300', '₹300 off a session', null, 300, 'INR'],
    ] as const)
      await q.query(
        `INSERT INTO coupons (code, description, discount_percentage, discount_amount, currency, first_session_only) VALUES ($1, $2, $3, $4, $5, $6)`,
        [code, description, pct, amount, currency, code === 'WELCOME20'],
      );

    for (const [slug, title, category, mins, d] of [
      ['box-breathing', 'Box breathing', 'breathing', 4, 'Breathe in, hold, out, hold: four counts each.'],
      ['body-scan', 'Body scan', 'mindfulness', 10, 'Notice each part of your body, without judging.'],
      ['thought-record', 'Thought record', 'cbt', 15, 'Catch, check and change an unhelpful thought.'],
      ['sleep-wind-down', 'Sleep wind-down', 'sleep', 12, 'A calm routine for the last hour before bed.'],
    ] as const)
      await q.query(`INSERT INTO care_tools (slug, title, category, duration_minutes, description) VALUES ($1, $2, $3, $4, $5)`, [
        slug,
        title,
        category,
        mins,
        d,
      ]);
    for (const [slug, name, d, n] of [
      ['anxiety-support', 'Anxiety support circle', 'Share what helps you with anxious days.', 1240],
      ['new-parents', 'New parents', 'Sleep, stress and small wins with a newborn.', 530],
      ['grief-and-loss', 'Grief and loss', 'A gentle space for loss of every kind.', 410],
    ] as const)
      await q.query(`INSERT INTO communities (slug, name, description, member_count) VALUES ($1, $2, $3, $4)`, [slug, name, d, n]);
    await q.query(
      `INSERT INTO journal_entries (user_id, title, body, mood) VALUES ($1, 'First week', 'Tried box breathing before a meeting; it helped.', 'good')`,
      [users.patient],
    );
    await q.query(`INSERT INTO user_configs (user_id, config_key, status) VALUES ($1, 'new_profile_modal', false)`, [users.patient]);
    await seedDashboard(q);
    await seedBooking(q);
    await seedCareteam(q);
    await seedSignin(q);
    await seedAccount(q);
    await seedCareflows(q);
    await seedCouple(q);
    await seedPlanvis(q);
    await seedInvoice(q);
    await seedAncillary(q);
    await seedContent(q);
    await seedProviderCards(q);
    // A demo account joined a week before its first session, so the journey's first milestone is not
    // dated after the sessions it precedes.
    await q.query(
      `UPDATE users u SET created_at = b.first - interval '7 days'
       FROM (SELECT user_id, min(start_time) AS first FROM bookings GROUP BY user_id) b
       WHERE b.user_id = u.id AND b.first - interval '7 days' < u.created_at`,
    );
  });
}

export type { Queryable };
// What the development routes use (the dev identity provider's organisations, a room fixture, the demo password).
export { DEMO_ACCOUNTS, DEMO_PASSWORD, FLOW_DEMO_ACCOUNTS } from './demo-accounts.js';
export { DEV_SSO_ORGANISATIONS } from './signin.js';
export { insertLiveSession } from './live-session.js';
