// Clinic locations (product rules, Plan visibility: empty on failure).
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface Clinic {
  id: number | string;
  centres: Array<{ id: number | string; centre_name: string }>;
}

export interface ClinicsData {
  clinics: Clinic[];
  isLoading: boolean;
}

export type ClinicsSlice = ClinicsData & SliceActions<ClinicsData>;

export const initialClinics: ClinicsData = {
  clinics: [],
  isLoading: false,
};

export function createClinicsSlice(api: SliceApi<ClinicsData>): ClinicsSlice {
  return { ...initialClinics, ...baseActions(api, initialClinics) };
}
