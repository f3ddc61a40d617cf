// A provider by its public id, the roles that are providers, and providers with their earliest free slot.
import { notFound } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { earliestFor } from './schedule.js';
import { providerSummary, type ProviderRow } from './serialize.js';

export const PROVIDER_ROLES = [
  'therapist',
  'psychiatrist',
  'couplestherapist',
  'coach',
  'childenfirstindia',
  'care-coordinator',
  'cf-intake-specialist',
  'cf-clinician',
];
export async function withEarliest(q: Queryable, rows: ProviderRow[]) {
  const e = await earliestFor(q, rows);
  return rows.map((p) => providerSummary(p, e.get(p.id) ?? null));
}
/** A provider by its id (it exists: the caller holds a reference to it, a booking's provider). */
export async function providerById(q: Queryable, id: number): Promise<ProviderRow> {
  return (await q.query<ProviderRow>(`SELECT * FROM providers WHERE id = $1`, [id]))[0]!;
}
export async function providerByUuid(q: Queryable, uuid: string) {
  const p = (await q.query<ProviderRow>(`SELECT * FROM providers WHERE uuid::text = $1`, [uuid]))[0];
  if (!p) throw notFound(`No provider ${uuid}`);
  return p;
}
