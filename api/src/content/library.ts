// The content library: six kinds of reading and watching (blogs, videos, webinars, resources, spotlight
// stories, support kits), listed newest first by topic, and registration for a webinar: once per person,
// only before it starts, and never more people than it has seats; a person may cancel their own before
// it starts, which frees the seat.
import type { Db, Queryable } from '../db/index.js';
import { HttpError, notFound, unprocessable } from '../core/http.js';

export const CONTENT_KINDS = ['blogs', 'videos', 'webinars', 'resources', 'spotlight', 'support_kits'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface ContentSummary {
  kind: ContentKind;
  slug: string;
  title: string;
  summary: string;
  topic: string;
  author: string;
  minutes: number;
  published_at: string;
  starts_at: string | null;
  seats_left: number | null;
}
export interface ContentStep {
  title: string;
  detail: string;
}
export interface ContentDetail extends ContentSummary {
  body: string[];
  steps: ContentStep[];
  media_url: string | null;
}
export interface WebinarRegistration {
  registered: boolean;
  registered_at: string | null;
  seats_left: number | null;
}

interface Row {
  id: number;
  kind: ContentKind;
  slug: string;
  title: string;
  summary: string;
  topic: string;
  author: string;
  minutes: number;
  published_at: Date | string;
  starts_at: Date | string | null;
  seats: number | null;
  seats_taken: number;
  body: string[];
  steps: ContentStep[];
  media_url: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const seatsLeft = (r: Pick<Row, 'seats' | 'seats_taken'>) => (r.seats === null ? null : Math.max(0, r.seats - r.seats_taken));

function summaryOf(r: Row): ContentSummary {
  return {
    kind: r.kind,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    topic: r.topic,
    author: r.author,
    minutes: r.minutes,
    published_at: iso(r.published_at),
    starts_at: r.starts_at === null ? null : iso(r.starts_at),
    seats_left: seatsLeft(r),
  };
}

/**
 * One page of a kind, newest first (webinars: soonest first, upcoming before past), optionally one topic,
 * with the total and every topic the kind has (for the filter).
 */
export async function listContent(
  q: Queryable,
  kind: ContentKind,
  opts: { topic?: string; page: number; perPage: number },
): Promise<{ data: ContentSummary[]; meta: { page: number; per_page: number; total: number; topics: string[] } }> {
  const topic = opts.topic?.trim().toLowerCase() || null;
  const order =
    kind === 'webinars'
      ? `(starts_at < now()) ASC, CASE WHEN starts_at >= now() THEN starts_at END ASC, starts_at DESC`
      : `published_at DESC`;
  const rows = await q.query<Row>(
    `SELECT * FROM content_items WHERE kind = $1 AND ($2::text IS NULL OR topic = $2) ORDER BY ${order}, id LIMIT $3 OFFSET $4`,
    [kind, topic, opts.perPage, (opts.page - 1) * opts.perPage],
  );
  const [counted] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM content_items WHERE kind = $1 AND ($2::text IS NULL OR topic = $2)`,
    [kind, topic],
  );
  const topics = await q.query<{ topic: string }>(`SELECT DISTINCT topic FROM content_items WHERE kind = $1 ORDER BY topic`, [kind]);
  return {
    data: rows.map(summaryOf),
    meta: { page: opts.page, per_page: opts.perPage, total: counted?.total ?? 0, topics: topics.map((t) => t.topic) },
  };
}

async function itemOf(q: Queryable, kind: ContentKind, slug: string): Promise<Row> {
  const [r] = await q.query<Row>(`SELECT * FROM content_items WHERE kind = $1 AND slug = $2`, [kind, slug]);
  if (!r) throw notFound(`No ${kind.replace('_', ' ')} item ${slug}`);
  return r;
}

export async function contentDetail(q: Queryable, kind: ContentKind, slug: string): Promise<ContentDetail> {
  const r = await itemOf(q, kind, slug);
  return { ...summaryOf(r), body: r.body, steps: r.steps, media_url: r.media_url };
}

/** Whether I am registered for a webinar, and the seats left (null: no limit). */
export async function webinarRegistrationOf(q: Queryable, slug: string, userId: number): Promise<WebinarRegistration> {
  const w = await itemOf(q, 'webinars', slug);
  const [mine] = await q.query<{ created_at: Date | string }>(
    `SELECT created_at FROM webinar_registrations WHERE content_id = $1 AND user_id = $2`,
    [w.id, userId],
  );
  return { registered: !!mine, registered_at: mine ? iso(mine.created_at) : null, seats_left: seatsLeft(w) };
}

/**
 * Registers me for a webinar. Asking again answers the same registration (created: false) and takes no
 * second seat. The seat is taken by a conditional update of the webinar's row, so concurrent requests
 * queue on that row and the last seat goes to one of them only; the others get 409 and nothing is kept.
 */
export async function registerForWebinar(
  db: Db,
  slug: string,
  userId: number,
  now: number,
): Promise<WebinarRegistration & { created: boolean }> {
  const created = await db.tx(async (q) => {
    const w = await itemOf(q, 'webinars', slug);
    if (new Date(w.starts_at!).getTime() <= now)
      throw unprocessable('This webinar has already started, so registration is closed.', { code: 'webinar_started' });
    const inserted = await q.query(
      `INSERT INTO webinar_registrations (content_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING content_id`,
      [w.id, userId],
    );
    if (inserted.length === 0) return false;
    const seat = await q.query(
      `UPDATE content_items SET seats_taken = seats_taken + 1 WHERE id = $1 AND (seats IS NULL OR seats_taken < seats) RETURNING id`,
      [w.id],
    );
    if (seat.length === 0) throw new HttpError(409, 'This webinar is full.', { code: 'webinar_full' });
    return true;
  });
  return { ...(await webinarRegistrationOf(db, slug, userId)), created };
}

/**
 * Cancels my registration for a webinar before it starts and frees its seat. One statement removes my
 * registration and gives its seat back only if that removal happened, so concurrent cancels (or a
 * cancel racing a register) free exactly one seat per registration. 404 when I hold none.
 */
export async function cancelWebinarRegistration(db: Db, slug: string, userId: number, now: number): Promise<WebinarRegistration> {
  const w = await itemOf(db, 'webinars', slug);
  if (new Date(w.starts_at!).getTime() <= now)
    throw unprocessable('This webinar has already started, so its registrations can no longer be cancelled.', { code: 'webinar_started' });
  const [r] = await db.query<{ cancelled: number }>(
    `WITH gone AS (DELETE FROM webinar_registrations WHERE content_id = $1 AND user_id = $2 RETURNING content_id),
          freed AS (UPDATE content_items SET seats_taken = seats_taken - 1
                     WHERE id IN (SELECT content_id FROM gone) AND seats_taken > 0 RETURNING id)
     SELECT (SELECT count(*) FROM gone)::int AS cancelled`,
    [w.id, userId],
  );
  if (!r?.cancelled) throw notFound('You are not registered for this webinar.');
  return webinarRegistrationOf(db, slug, userId);
}
