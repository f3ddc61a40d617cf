import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, useApiRead, type Provider } from '@haven/shared';
import { Select } from '@haven/shared/design';
import { cityOffered, parseCityCode, providerOffered, useBookingOptions } from '@haven/shared/booking-rules';
import { fetchClinics, type ClinicAnswer } from '../api/booking-calls';
import type { BookingParams } from '../booking-params';

interface Props {
  provider: Provider;
  params: BookingParams;
  onNext(choice: { mode: 'online' | 'offline'; type: 'individual' | 'couple'; centre: number | null }): void;
}

type PlanOptions = ReturnType<typeof useBookingOptions>['options'];
/** The modes the provider offers that the plan lets the patient book. */
const offeredModes = (provider: Provider, options: PlanOptions) =>
  (['online', 'offline'] as const).filter(
    (m) => (m === 'online' ? provider.online_offering : provider.offline_offering) && providerOffered(options, provider.roles ?? [], m),
  );

/**
 * The session step has nothing to ask when the only way to meet is online and no couple session is
 * offered: then it is chosen for the patient (in clinic still asks for a centre).
 */
export function onlySessionChoice(provider: Provider, options: PlanOptions): boolean {
  const modes = offeredModes(provider, options);
  const couple =
    Boolean(provider.online_offering?.couple?.offering_couple) && providerOffered(options, provider.roles ?? [], 'online', 'couple');
  return modes.length === 1 && modes[0] === 'online' && !couple;
}

/** Step 1: individual or couple; online, or in clinic at a centre. */
export function SessionStep({ provider, params, onNext }: Props) {
  // Plan visibility: only the modes and clinic cities the plan offers; a city code (blr_off, ...) picks the mode and city.
  const { options } = useBookingOptions();
  const city = parseCityCode(new URLSearchParams(useLocation().search).get('city'));
  const modes = offeredModes(provider, options);
  const wanted = params.mode ?? city?.mode;
  const [mode, setMode] = useState<'online' | 'offline'>(wanted && modes.includes(wanted) ? wanted : (modes[0] ?? 'online'));
  const offering = mode === 'online' ? provider.online_offering : provider.offline_offering;
  const coupleOffered = Boolean(offering?.couple?.offering_couple) && providerOffered(options, provider.roles ?? [], mode, 'couple');
  const [type, setType] = useState<'individual' | 'couple'>(params.type === 'couple' ? 'couple' : 'individual');
  const [centre, setCentre] = useState<number | null>(params.centre);
  // The error catalogue: a clinics failure is reported and otherwise silent (the list stays empty).
  const clinicsRead = useApiRead((signal) => fetchClinics(signal), [], 'clinics');
  const clinics: ClinicAnswer[] = clinicsRead.data ?? [];
  const centres = clinics
    .filter((c) => cityOffered(options, c.code) && (city?.mode !== 'offline' || c.code === city.city))
    .flatMap((c) => c.centres.filter((x) => provider.clinic_centre_ids?.includes(x.id)).map((x) => ({ ...x, city: c.name })));
  const sessionType = coupleOffered ? type : 'individual';
  const ready = mode === 'online' || centre !== null;

  return (
    <form
      className="hv-booking__form"
      aria-labelledby="hv-session-heading"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onNext({ mode, type: sessionType, centre: mode === 'offline' ? centre : null });
      }}
    >
      <h2 id="hv-session-heading" tabIndex={-1}>
        Choose your session
      </h2>
      {coupleOffered && (
        <fieldset>
          <legend>Who is the session for?</legend>
          {(['individual', 'couple'] as const).map((t) => (
            <label key={t} className="hv-choice">
              <input type="radio" name="type" value={t} checked={sessionType === t} onChange={() => setType(t)} />
              {t === 'individual' ? 'Just me' : 'Me and my partner (couple)'}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend>How would you like to meet?</legend>
        {modes.map((m) => (
          <label key={m} className="hv-choice">
            <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {m === 'online' ? 'Online (video)' : 'In clinic'}
          </label>
        ))}
      </fieldset>
      {mode === 'offline' && (
        <Select
          id="hv-centre"
          label="Clinic centre"
          value={centre ?? ''}
          onChange={(e) => setCentre(e.target.value ? Number(e.target.value) : null)}
          required
          placeholder="Choose a centre"
          // Busy until the centres have answered: a key pressed on an empty list chose nothing, silently.
          loading={clinicsRead.status === 'loading'}
          options={centres.map((c) => ({ value: String(c.id), label: `${c.centre_name}, ${c.city} — ${c.address}` }))}
        />
      )}
      <Button type="submit" disabled={!ready}>
        Continue
      </Button>
    </form>
  );
}
