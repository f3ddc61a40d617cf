// The care-team branch's demo additions, called once from seed(): stable provider addresses,
// testimonials for the public profiles, and a provider the demo patient saved. The demo patient's care
// team (therapist Ananya, psychiatrist Vikram, couples therapist Kabir) is in the main seed's
// user_providers rows.
import type { Queryable } from '../db/index.js';

const TESTIMONIALS: Array<[provider: string, label: string, body: string, rating: number, daysAgo: number]> = [
  ['Ananya', 'A patient in Mumbai', 'She helped me notice my anxious thoughts before they took over my week.', 5, 20],
  ['Ananya', 'A patient in Bengaluru', 'Calm, practical and never rushed. Sleep is better after two months.', 5, 45],
  ['Rahul', 'A patient in Pune', "Talking about my father's death felt possible again.", 5, 30],
  ['Vikram', 'A patient in Delhi', 'Explained every medicine and its side effects plainly.', 4, 12],
  ['Meera', 'A patient in Kolkata', 'Careful follow-up; she listened before prescribing.', 5, 60],
  ['Kabir', 'A couple in Gurugram', 'We learned to argue less and listen more.', 5, 15],
  ['Sara', 'A patient in New York', 'Trauma work at my pace, with clear tools between sessions.', 5, 25],
  ['Tara', 'A patient in Delhi', 'Warm and direct; the in-clinic sessions suited me.', 4, 40],
];

export async function seedCareteam(q: Queryable): Promise<void> {
  // A provider's address is /provider/<uuid>/. Derived from the name (an md5 shaped as a version-4
  // uuid), so the pages the build prerenders from a fresh seed and the sitemap match the running api's.
  await q.query(
    `UPDATE providers SET uuid = overlay(overlay(md5('haven-demo-provider:' || lower(firstname) || '-' || lower(lastname)) placing '4' from 13) placing '8' from 17)::uuid`,
  );
  for (const [first, label, body, rating, daysAgo] of TESTIMONIALS) {
    await q.query(
      `INSERT INTO provider_testimonials (provider_id, author_label, body, rating, published_at)
       SELECT id, $2, $3, $4, now() - make_interval(days => $5) FROM providers WHERE firstname = $1`,
      [first, label, body, rating, daysAgo],
    );
  }
  await q.query(
    `INSERT INTO saved_providers (user_id, provider_id) SELECT u.id, p.id FROM users u, providers p WHERE u.email = 'patient@haven.test' AND p.firstname = 'Tara'`,
  );
}
