// Finding providers: the search with the short-URL filters, the dropdown of a role, a patient's own
// providers (with the role each holds for them and the next session), and suggestions for a section.
import type { Queryable } from '../db/index.js';
import type { ProviderRow } from './serialize.js';

/** Type, language, gender, price tier and concern: a provider matches one of the listed values (an empty list: no filter). */
export interface ProviderFilters {
  role?: string[];
  language?: string[];
  gender?: string[];
  price_tier?: number[];
  concern?: string[];
  mode?: 'online' | 'offline';
  couple?: boolean;
  clinic?: string;
  currency?: 'INR' | 'USD';
  /** The viewer's plan as a role filter: listed when holding none of `governed` or one of `offered`. */
  plan?: { governed: string[]; offered: string[] };
}

/** One page of the search (support providers never appear), cheapest tier first, and the total. */
export async function searchProviders(
  q: Queryable,
  f: ProviderFilters,
  page: number,
  per: number,
): Promise<{ rows: ProviderRow[]; total: number }> {
  const where: string[] = ['NOT is_support_provider'];
  const params: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace(':v', `$${params.length}`));
  };
  const lower = (l: string[]) => l.map((v) => v.toLowerCase());
  if (f.role?.length) add(`roles ?| :v::text[]`, f.role);
  if (f.language?.length) add(`languages ?| :v::text[]`, lower(f.language));
  if (f.gender?.length) add(`gender = ANY(:v::text[])`, lower(f.gender));
  if (f.price_tier?.length) add(`price_tier = ANY(:v::int[])`, f.price_tier);
  if (f.concern?.length) add(`concerns ?| :v::text[]`, lower(f.concern));
  if (f.currency) add(`currency = :v`, f.currency);
  if (f.mode === 'online') where.push('online_offering IS NOT NULL');
  if (f.mode === 'offline') where.push('offline_offering IS NOT NULL');
  if (f.couple) where.push(`(jsonb_typeof(online_offering->'couple') = 'object' OR jsonb_typeof(offline_offering->'couple') = 'object')`);
  if (f.clinic)
    add(
      `EXISTS (SELECT 1 FROM clinic_centres cc JOIN clinics c ON c.id = cc.clinic_id WHERE c.code = :v AND providers.clinic_centre_ids @> to_jsonb(cc.id))`,
      f.clinic,
    );
  if (f.plan) {
    params.push(f.plan.governed, f.plan.offered);
    where.push(`(NOT roles ?| $${params.length - 1}::text[] OR roles ?| $${params.length}::text[])`);
  }
  const sqlWhere = where.join(' AND ');
  const [{ total }] = (await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM providers WHERE ${sqlWhere}`, params)) as [
    { total: number },
  ];
  const rows = await q.query<ProviderRow>(
    `SELECT * FROM providers WHERE ${sqlWhere} ORDER BY price_tier, id LIMIT ${per} OFFSET ${(page - 1) * per}`,
    params,
  );
  return { rows, total };
}

/** Providers of a role ('all': every one), by first name; support providers only when asked for. */
export async function providersOfRole(q: Queryable, role: string, withSupport: boolean): Promise<ProviderRow[]> {
  return q.query<ProviderRow>(
    `SELECT * FROM providers WHERE ($1 = 'all' OR roles @> jsonb_build_array($1::text)) AND ($2 OR NOT is_support_provider) ORDER BY firstname, id`,
    [role, withSupport],
  );
}

export interface NextSession {
  uuid: string;
  start_time: string;
  mode: string;
  session_type: string;
}

/**
 * The patient's providers, each with the role it holds for them, and the next session with each: the
 * earliest pending or confirmed one that has not ended (a session under way is the next one, as in the
 * upcoming sessions list).
 */
export async function myProviders(q: Queryable, userId: number, now: number) {
  const rows = await q.query<ProviderRow & { provider_type: string }>(
    `SELECT p.*, up.provider_type FROM providers p JOIN user_providers up ON up.provider_id = p.id WHERE up.user_id = $1 ORDER BY p.id`,
    [userId],
  );
  const next = await q.query<{ provider_id: number; uuid: string; start_time: Date; mode: string; session_type: string }>(
    `SELECT DISTINCT ON (provider_id) provider_id, uuid::text, start_time, mode, session_type FROM bookings
       WHERE user_id = $1 AND status IN ('confirmed', 'pending') AND end_time > $2 ORDER BY provider_id, start_time`,
    [userId, new Date(now).toISOString()],
  );
  return rows.map((row) => {
    const n = next.find((b) => b.provider_id === row.id);
    const session: NextSession | null = n
      ? { uuid: n.uuid, start_time: new Date(n.start_time).toISOString(), mode: n.mode, session_type: n.session_type }
      : null;
    return { row, next_session: session };
  });
}

/** Up to six providers of a role the patient has neither on their care team nor declined. */
export async function suggestedProviders(q: Queryable, role: string, userId: number): Promise<ProviderRow[]> {
  return q.query<ProviderRow>(
    `SELECT * FROM providers WHERE ($1 = 'all' OR roles @> jsonb_build_array($1::text)) AND NOT is_support_provider
         AND id NOT IN (SELECT provider_id FROM user_providers WHERE user_id = $2) AND id NOT IN (SELECT provider_id FROM provider_declines WHERE user_id = $2) ORDER BY price_tier, id LIMIT 6`,
    [role, userId],
  );
}

/** How many of the slots fall on each local date of the zone (in slot order). */
export function slotCountsByDate(slots: number[], dateOf: (slot: number) => string): { date: string; slots_count: number }[] {
  const counts = new Map<string, number>();
  for (const s of slots) {
    const d = dateOf(s);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return [...counts].map(([date, slots_count]) => ({ date, slots_count }));
}
