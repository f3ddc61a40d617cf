// The ancillary assessment offering of a provider (migration 042), shared by its list route and POST /bookings.
import type { Queryable } from '../db/index.js';

export interface AncillaryRow {
  provider_id: number; name: string; description: string; duration_minutes: number; online_fee: string | number | null; offline_fee: string | number | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

export async function ancillaryOffering(q: Queryable, providerId: number) {
  const [r] = await q.query<AncillaryRow>(`SELECT * FROM provider_ancillary_offerings WHERE provider_id = $1`, [providerId]);
  return r ? { ...r, online_fee: num(r.online_fee), offline_fee: num(r.offline_fee) } : null;
}

export async function ancillaryOfferings(q: Queryable) {
  const rows = await q.query<AncillaryRow>(`SELECT * FROM provider_ancillary_offerings ORDER BY provider_id`);
  return rows.map((r) => ({ ...r, online_fee: num(r.online_fee), offline_fee: num(r.offline_fee) }));
}
