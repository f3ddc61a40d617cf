// The in-house clinics and their centres (where offline sessions happen).
import type { Queryable } from '../db/index.js';

export async function clinicsWithCentres(q: Queryable) {
  const clinics = await q.query<{ id: number; code: string; name: string }>(`SELECT id, code, name FROM clinics ORDER BY id`);
  const centres = await q.query<{ id: number; clinic_id: number; centre_name: string; address: string }>(
    `SELECT id, clinic_id, centre_name, address FROM clinic_centres ORDER BY id`,
  );
  return clinics.map((c) => ({
    ...c,
    centres: centres.filter((x) => x.clinic_id === c.id).map(({ id, centre_name, address }) => ({ id, centre_name, address })),
  }));
}
