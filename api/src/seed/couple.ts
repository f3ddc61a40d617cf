// The couple branch's demo additions (called once from seed()): a patient with an upcoming couple
// session with Kabir Singh whose partner is on the booking, a completed one before it (the dashboard
// offers the next free times), and schedule discounts on Kabir's and Emma's weekday mornings.
import type { Queryable } from '../db/index.js';
import { hashPassword } from '../identity/index.js';
import { localParts, zonedToUtc } from '../core/time.js';
import { DEMO_PASSWORD } from './demo-accounts.js';

const istAt = (days: number, hour: number) => {
  const p = localParts(Date.now() + days * 86_400_000, 'Asia/Kolkata');
  return zonedToUtc(p.year, p.month, p.day, hour, 0, 'Asia/Kolkata');
};

export async function seedCouple(q: Queryable): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const [user] = await q.query<{ id: number }>(
    `INSERT INTO users (firebaseid, usertype, email, email_verified_at, first_name, last_name, gender, date_of_birth, password_hash, is_verified, is_first_time_haven_user)
     VALUES ('fb-demo-couple', 'patient', 'couple@haven.test', now(), 'Zoya', 'Ahmed', 'female', '1990-08-21', $1, true, false) RETURNING id`,
    [hash],
  );
  await q.query(
    `INSERT INTO consents (user_id, is_tnc_checked, is_privacy_policy_checked, is_eighteen_plus_checked, privacy_policy_consent_status)
    VALUES ($1, true, true, true, 'accepted')`,
    [user!.id],
  );
  const [kabir] = await q.query<{ id: number; online_offering: { couple: { minimum_fee: number } } }>(
    `SELECT id, online_offering FROM providers WHERE firstname = 'Kabir' AND lastname = 'Singh'`,
  );
  const [emma] = await q.query<{ id: number }>(`SELECT id FROM providers WHERE firstname = 'Emma' AND lastname = 'Brooks'`);
  const fee = kabir!.online_offering.couple.minimum_fee;
  const book = async (start: number, status: string) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO bookings (user_id, provider_id, start_time, end_time, mode, session_type, status, fee, currency) VALUES ($1, $2, $3, $4, 'online', 'couple', $5, $6, 'INR') RETURNING id`,
        [user!.id, kabir!.id, new Date(start).toISOString(), new Date(start + 50 * 60_000).toISOString(), status, fee],
      )
    )[0]!.id;
  const upcoming = await book(istAt(5, 13), 'confirmed');
  const done = await book(istAt(-9, 13), 'completed');
  for (const id of [upcoming, done]) {
    await q.query(
      `INSERT INTO booking_participants (booking_id, name, email, mobile) VALUES ($1, 'Sameer Ahmed', 'sameer@example.com', '+919812345678')`,
      [id],
    );
  }
  await q.query(`INSERT INTO user_providers (user_id, provider_id, provider_type) VALUES ($1, $2, 'couplestherapist')`, [
    user!.id,
    kabir!.id,
  ]);
  // Provider-local hours (Kabir: Asia/Kolkata; Emma: America/New_York).
  await q.query(
    `INSERT INTO provider_schedule_discounts (provider_id, weekdays, start_hour, end_hour, percent, label) VALUES
    ($1, '[1,2,3,4,5]', 9, 11, 20, 'Weekday mornings'), ($2, '[1,2,3,4,5]', 9, 10, 15, 'Early start')`,
    [kabir!.id, emma!.id],
  );
}
