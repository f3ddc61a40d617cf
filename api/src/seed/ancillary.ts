// The ancillary branch's demo additions (called once from seed()): two providers offer an ancillary
// assessment (product rules, Users and roles: flow ancillary_assessment) with its own fees and length. Vikram's is psychiatry,
// so a plan without psychiatry (demo Lumen Works) does not offer it.
import type { Queryable } from '../db/index.js';

const OFFERINGS = [
  {
    firstname: 'Ananya',
    lastname: 'Rao',
    name: 'Psychological assessment',
    description: 'Standardised tests and a clinical interview, with a written report and recommendations.',
    minutes: 60,
    online: 4500,
    offline: 5000,
  },
  {
    firstname: 'Vikram',
    lastname: 'Iyer',
    name: 'ADHD assessment',
    description: 'A psychiatric evaluation for attention and focus difficulties, with a diagnosis and next steps.',
    minutes: 60,
    online: 3500,
    offline: null,
  },
];

export async function seedAncillary(q: Queryable): Promise<void> {
  for (const o of OFFERINGS) {
    await q.query(
      `INSERT INTO provider_ancillary_offerings (provider_id, name, description, duration_minutes, online_fee, offline_fee)
       SELECT id, $3, $4, $5, $6, $7 FROM providers WHERE firstname = $1 AND lastname = $2`,
      [o.firstname, o.lastname, o.name, o.description, o.minutes, o.online, o.offline],
    );
  }
}
