// The ancillary assessment offering of a provider (migration 042), shared by its list route and POST /bookings.
import type { Queryable } from '../db/index.js';
import { ancillaryFee, providerOffered } from '@haven/rules';
import { bookingOptionsOf } from './plan-visibility.js';
import type { ProviderRow } from './serialize.js';

export interface AncillaryRow {
  provider_id: number;
  name: string;
  description: string;
  duration_minutes: number;
  online_fee: string | number | null;
  offline_fee: string | number | null;
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

/**
 * The providers offering an assessment, with its fee by the rule and its length, in the modes the
 * user's plan offers the provider's kind of care (none left: the provider is left out).
 */
export async function ancillaryAssessmentsFor(q: Queryable, user: Parameters<typeof bookingOptionsOf>[1]) {
  const offerings = await ancillaryOfferings(q);
  if (offerings.length === 0) return [];
  const providers = await q.query<ProviderRow>(`SELECT * FROM providers WHERE id = ANY($1::int[])`, [offerings.map((o) => o.provider_id)]);
  const byId = new Map(providers.map((p) => [p.id, p]));
  const options = await bookingOptionsOf(q, user);
  return offerings.flatMap((o) => {
    const p = byId.get(o.provider_id);
    if (!p) return [];
    const modes = (['online', 'offline'] as const).filter(
      (m) => (m === 'online' ? o.online_fee : o.offline_fee) !== null && providerOffered(options, p.roles, m),
    );
    if (modes.length === 0) return [];
    const fees = {
      currency: p.currency,
      online_fee: modes.includes('online') ? o.online_fee : null,
      offline_fee: modes.includes('offline') ? o.offline_fee : null,
      commercials: p.commercials,
    };
    return [
      {
        provider: { uuid: p.uuid, firstname: p.firstname, lastname: p.lastname, roles: p.roles },
        name: o.name,
        description: o.description,
        duration_minutes: o.duration_minutes,
        currency: p.currency,
        online_fee: fees.online_fee,
        offline_fee: fees.offline_fee,
        fee_text: ancillaryFee(fees)?.text ?? null,
        modes,
      },
    ];
  });
}
