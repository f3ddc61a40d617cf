// A patient's own waitlist entries: joining one for a provider or a role over a date range with no free
// slot, reading and leaving them; and the in-app notifications (an offer arrives as one). Offering an
// opened slot in turn is waitlist.ts.
import { HttpError, notFound, unprocessable } from '../core/http.js';
import { isValidTimeZone, zonedToUtc } from '../core/time.js';
import type { Db, Queryable } from '../db/index.js';
import { type ProviderRow, availableSlots, HORIZON_DAYS, assertRoleOffered, providerByUuid } from '../providers/index.js';
import { offerInTurn, type WaitlistRow } from './waitlist.js';

type Row = WaitlistRow & {
  p_uuid: string | null;
  p_first: string | null;
  p_last: string | null;
  o_uuid: string | null;
  o_first: string | null;
  o_last: string | null;
};
const SELECT = `SELECT w.*, p.uuid::text AS p_uuid, p.firstname AS p_first, p.lastname AS p_last, o.uuid::text AS o_uuid, o.firstname AS o_first, o.lastname AS o_last
  FROM waitlists w LEFT JOIN providers p ON p.id = w.provider_id LEFT JOIN providers o ON o.id = w.offered_provider_id`;
const iso = (d: Date | string) => new Date(d).toISOString();
const serialize = (w: Row) => ({
  uuid: w.uuid,
  status: w.status as 'waiting',
  role: w.role,
  range_start: iso(w.range_start),
  range_end: iso(w.range_end),
  provider: w.p_uuid ? { uuid: w.p_uuid, firstname: w.p_first!, lastname: w.p_last! } : null,
  offer:
    w.o_uuid && w.offered_start && w.offer_expires_at
      ? {
          provider: { uuid: w.o_uuid, firstname: w.o_first!, lastname: w.o_last! },
          start_time: iso(w.offered_start),
          held_until: iso(w.offer_expires_at),
        }
      : null,
});

const DAY = 86_400_000;
/** Midnight starting `date` (YYYY-MM-DD) in `tz`. */
const dayStart = (date: string, tz: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zonedToUtc(y, m, d, 0, 0, tz);
};

/**
 * The instants a waitlist range covers: from the first day's midnight (not before now) to the end of the
 * last day, in the patient's zone; 400 for an unknown zone, 422 for a range that ends before it starts,
 * lies in the past or spans more than 90 days.
 */
export function waitlistRange(fromDate: string, toDate: string, tz: string, now: number): { start: number; end: number } {
  if (!isValidTimeZone(tz)) throw new HttpError(400, `body/timezone is not a known IANA time zone: ${tz}`);
  const start = Math.max(dayStart(fromDate, tz), now);
  const end = dayStart(toDate, tz) + DAY;
  if (end <= start) throw unprocessable('The range must end after it starts, and not in the past');
  if (end - start > 90 * DAY) throw unprocessable('A waitlist range is at most 90 days');
  return { start, end };
}

/** One of the user's own waitlist entries; 404 for anyone else's. */
async function ownRow(q: Queryable, uuid: string, userId: number): Promise<Row> {
  const [w] = await q.query<Row>(`${SELECT} WHERE w.uuid::text = $1 AND w.user_id = $2`, [uuid, userId]);
  if (!w) throw notFound(`No waitlist ${uuid}`);
  return w;
}

export interface JoinInput {
  provider_uuid?: string;
  role?: string;
  from_date: string;
  to_date: string;
  timezone?: string;
}
type Holder = Parameters<typeof assertRoleOffered>[1];

/**
 * Joins a waitlist, or answers the entry that exists (created false): the unique indexes on active
 * entries hold this under concurrent joins too, the losing INSERT does nothing and the winner's entry is
 * answered. Refused (409) when the range has free times to book. The entry is the acting profile's
 * (userId); whether the plan offers the role is the signed-in account's (holder).
 */
export async function joinWaitlist(db: Db, userId: number, holder: Holder, b: JoinInput, now: () => number) {
  const active = async () =>
    (
      await db.query<{ uuid: string }>(
        `SELECT uuid::text FROM waitlists WHERE user_id = $1 AND status IN ('waiting', 'offered') AND ${b.provider_uuid ? 'provider_id = (SELECT id FROM providers WHERE uuid::text = $2)' : 'role = $2'}`,
        [userId, b.provider_uuid ?? b.role],
      )
    )[0];
  const existing = await active();
  if (existing) return { created: false, entry: serialize(await ownRow(db, existing.uuid, userId)) };
  const { start, end } = waitlistRange(b.from_date, b.to_date, b.timezone ?? 'Asia/Kolkata', now());
  const providers = b.provider_uuid
    ? [await providerByUuid(db, b.provider_uuid)]
    : await db.query<ProviderRow>(`SELECT * FROM providers WHERE roles @> jsonb_build_array($1::text) AND NOT is_support_provider`, [
        b.role,
      ]);
  await assertRoleOffered(db, holder, b.role ? [b.role] : providers[0]!.roles);
  for (const p of providers) {
    const days = Math.min(HORIZON_DAYS, Math.ceil((end - now()) / DAY));
    if ((await availableSlots(db, p, now(), days)).some((s) => s >= start && s < end)) {
      throw new HttpError(409, 'There are free times in this range: please book one of them', { code: 'slots_available' });
    }
  }
  const [row] = await db.query<{ uuid: string }>(
    `INSERT INTO waitlists (user_id, provider_id, role, range_start, range_end) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING uuid::text`,
    [userId, b.provider_uuid ? providers[0]!.id : null, b.role ?? null, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const created = row ?? (await active());
  if (!created) throw new HttpError(409, 'Your waitlist entry changed while joining; please try again');
  return { created: Boolean(row), entry: serialize(await ownRow(db, created.uuid, userId)) };
}

/** The user's waitlists (waiting and offered first, newest first), without the ones they left. */
export async function waitlistsOf(q: Queryable, userId: number) {
  return (
    await q.query<Row>(
      `${SELECT} WHERE w.user_id = $1 AND w.status <> 'left' ORDER BY (w.status IN ('waiting', 'offered')) DESC, w.created_at DESC, w.id DESC`,
      [userId],
    )
  ).map(serialize);
}

/** Leaves the user's own waitlist; a time held for them goes to the next in line at once. */
export async function leaveWaitlist(db: Db, uuid: string, userId: number, now: number): Promise<void> {
  const w = await ownRow(db, uuid, userId);
  const left = await db.query(`UPDATE waitlists SET status = 'left' WHERE id = $1 AND status IN ('waiting', 'offered') RETURNING id`, [
    w.id,
  ]);
  if (left.length > 0 && w.status === 'offered' && w.offered_provider_id) await offerInTurn(db, [w.offered_provider_id], now);
}

/** The user's in-app notifications, newest first (at most 50), and how many are unread. */
export async function notificationsOf(q: Queryable, userId: number) {
  const rows = await q.query<{
    uuid: string;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    read_at: Date | null;
    created_at: Date;
  }>(
    `SELECT uuid::text, kind, title, body, link, read_at, created_at FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
    [userId],
  );
  const data = rows.map((n) => ({
    uuid: n.uuid,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.read_at !== null,
    created_at: iso(n.created_at),
  }));
  return { data, meta: { unread: data.filter((n) => !n.read).length } };
}

/** Marks the user's own notification read; false when there is no such notification of theirs. */
export async function markNotificationRead(q: Queryable, uuid: string, userId: number): Promise<boolean> {
  return (
    (
      await q.query(`UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [
        uuid,
        userId,
      ])
    ).length > 0
  );
}

/** The provider adds a free slot (as their app would); the waitlist is offered it. Returns how many offers went out. */
export async function addProviderSlot(db: Db, providerId: number, startTime: string, now: number): Promise<number> {
  await db.query(`INSERT INTO provider_extra_slots (provider_id, start_time) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    providerId,
    new Date(startTime).toISOString(),
  ]);
  return offerInTurn(db, [providerId], now);
}
