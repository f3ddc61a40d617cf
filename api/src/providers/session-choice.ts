// What a patient may book of a provider: the mode and kind of session it offers, a clinic it sees
// clients at, and a length it offers (an ancillary assessment has its own fee per mode and one length).
import { HttpError, unprocessable } from '../core/http.js';
import { DEFAULT_DURATIONS } from '../config/booking.js';
import type { ancillaryOffering } from './ancillary.js';
import type { ProviderRow } from './serialize.js';

export type SessionType = 'individual' | 'couple' | 'ancillary_assessment';
export interface SessionAsked {
  mode: 'online' | 'offline';
  session_type?: SessionType;
  clinic_centre_id?: number;
  duration_minutes?: number;
}
type Ancillary = Awaited<ReturnType<typeof ancillaryOffering>>;

/**
 * The session asked for, as the provider offers it: its offering (the mode's prices), kind, the
 * assessment's fee (null for a session) and length (the asked one, else the default length when offered,
 * else the first offered); 400 or 422 naming what the provider does not offer. `ancillary` is the
 * provider's assessment offering, read only when an assessment is asked for.
 */
export function sessionChoice(p: ProviderRow, b: SessionAsked, ancillary: Ancillary) {
  const offering = b.mode === 'online' ? p.online_offering : p.offline_offering;
  if (!offering) throw unprocessable(`Provider does not offer ${b.mode} sessions`);
  const type = b.session_type ?? 'individual';
  if (type === 'couple' && !offering.couple?.offering_couple) throw unprocessable('Provider does not offer couple sessions');
  if (b.mode === 'offline') {
    if (!b.clinic_centre_id) throw new HttpError(400, 'body/clinic_centre_id is required for offline sessions');
    if (!p.clinic_centre_ids.includes(b.clinic_centre_id))
      throw unprocessable(`Provider does not see clients at centre ${b.clinic_centre_id}`);
  }
  if (type === 'ancillary_assessment' && !ancillary) throw unprocessable('Provider does not offer an ancillary assessment');
  const assessment = type === 'ancillary_assessment' ? ancillary : null;
  const assessmentFee = assessment ? (b.mode === 'online' ? assessment.online_fee : assessment.offline_fee) : null;
  if (assessment && assessmentFee === null)
    throw unprocessable(`Provider does not offer the assessment ${b.mode === 'online' ? 'online' : 'in clinic'}`);
  const offered = assessment ? [assessment.duration_minutes] : p.offered_durations;
  const minutes =
    b.duration_minutes ??
    (assessment ? assessment.duration_minutes : offered.includes(DEFAULT_DURATIONS[0]) ? DEFAULT_DURATIONS[0] : offered[0]!);
  if (!offered.includes(minutes))
    throw unprocessable(`Provider offers ${assessment ? 'the assessment' : 'sessions'} of ${offered.join(' or ')} minutes`);
  return { offering, type, assessmentFee, minutes };
}
