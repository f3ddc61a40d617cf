// Product rules, What the client keeps: browser storage `activeFilters (ih_clinic_ids)`: the provider list's clinic filter, kept as the
// ids of the in-house clinics (GET customers/ih_clinics) for the visit (session storage): a link without a
// city later in the same visit opens with it, a fresh visit starts clean like every other filter, and
// the address always wins. Logout removes it with the other per-user keys.
export const ACTIVE_FILTERS_KEY = 'activeFilters';

export interface ActiveFilters {
  ih_clinic_ids: number[];
}

/** The stored filters; anything unreadable counts as none (a corrupt value is no reason to fail a page). */
export function parseActiveFilters(raw: string | null): ActiveFilters {
  if (!raw) return { ih_clinic_ids: [] };
  try {
    const v = JSON.parse(raw) as { ih_clinic_ids?: unknown };
    const ids = Array.isArray(v?.ih_clinic_ids) ? v.ih_clinic_ids.filter((x): x is number => Number.isInteger(x) && (x as number) > 0) : [];
    return { ih_clinic_ids: [...new Set(ids)] };
  } catch {
    return { ih_clinic_ids: [] };
  }
}

export function serializeActiveFilters(f: ActiveFilters): string {
  return JSON.stringify({ ih_clinic_ids: f.ih_clinic_ids });
}

/** The clinic city code of the stored ids (the first id that names a known clinic). */
export function clinicCodeOfIds(ids: readonly number[], clinics: ReadonlyArray<{ id: number; code: string }>): string | undefined {
  for (const id of ids) {
    const c = clinics.find((x) => x.id === id);
    if (c) return c.code;
  }
  return undefined;
}

/** The stored ids for a clinic city code (none for no city or an unknown one). */
export function idsOfClinicCode(code: string | undefined, clinics: ReadonlyArray<{ id: number; code: string }>): number[] {
  return code ? clinics.filter((c) => c.code === code).map((c) => c.id) : [];
}
