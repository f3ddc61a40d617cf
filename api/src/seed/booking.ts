// The booking branch's demo additions (called once from seed()): session lengths the psychiatrists
// offer, and a provider the browser suite's slot race uses alone, so no other test can take its slot.
import type { Queryable } from '../db/index.js';
import { inr } from './offerings.js';

export async function seedBooking(q: Queryable): Promise<void> {
  // Product rules, Providers and fees: "offered durations": a short follow-up or a full consultation.
  await q.query(`UPDATE providers SET offered_durations = '[30, 50]' WHERE roles @> '["psychiatrist"]'`);
  await q.query(
    `INSERT INTO providers (firstname, lastname, roles, gender, languages, price_tier, concerns, currency, online_offering, offline_offering, commercials, clinic_centre_ids, bio, experience_years, timezone, work_days)
     VALUES ('Kavya', 'Reddy', '["therapist"]', 'female', '["english", "telugu"]', 2, '["academic-concerns"]', 'INR', $1, NULL, '{"medium": "online"}', '[]', $2, 5, 'Asia/Kolkata', '[1, 2, 3, 4, 5, 6, 7]')`,
    [
      JSON.stringify(inr(1000)),
      'Kavya helps students and young adults with academic pressure and the worries that come with it. She has five years of experience.',
    ],
  );
}
