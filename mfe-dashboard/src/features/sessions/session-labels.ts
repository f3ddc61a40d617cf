// How a booking reads on the patient's home: provider type, individual or couple, online or in clinic.
import type { Clinic } from '@haven/shared';
import type { SessionBooking } from './api/session-calls';

const PROVIDER_TYPES: Record<string, string> = {
  therapist: 'Therapist',
  psychiatrist: 'Psychiatrist',
  couplestherapist: 'Couples therapist',
  coach: 'Coach',
  childenfirstindia: 'Child and family specialist',
  'care-coordinator': 'Care coordinator',
  'cf-intake-specialist': 'Intake specialist',
  'cf-clinician': 'Clinician',
};

export function providerTypeLabel(roles: readonly string[]): string {
  for (const role of roles) {
    const label = PROVIDER_TYPES[role];
    if (label) return label;
  }
  return 'Provider';
}

export function providerName(b: SessionBooking): string {
  return `${b.provider.firstname} ${b.provider.lastname}`.trim();
}

export function sessionKindLabel(b: SessionBooking): string {
  return b.session_type === 'couple' ? 'Couple session' : 'Individual session';
}

/** 'Online' or 'In clinic · <clinic>, <centre>' (the centre found in the clinics list). */
export function sessionPlaceLabel(b: SessionBooking, clinics: readonly (Clinic & { name?: string })[]): string {
  if (b.mode !== 'offline') return 'Online';
  for (const clinic of clinics) {
    const centre = clinic.centres.find((c) => String(c.id) === String(b.clinic_centre_id));
    if (centre) return `In clinic · ${clinic.name ? `${clinic.name}, ` : ''}${centre.centre_name}`;
  }
  return 'In clinic';
}
