import { useApiRead } from '@haven/shared';
import { loadCountryCodes, TextField, type CountryCode } from '@haven/shared/form-kit';
import type { PartnerDraft, PartnerErrors } from './partner-draft';
import './couple.css';

/** The country list for the mobile number (a lazy chunk; until it loads, India). */
export function useCountries(): CountryCode[] | null {
  return useApiRead(() => loadCountryCodes(), [], 'partner country codes').data;
}

interface Props {
  id: string;
  value: PartnerDraft;
  errors: PartnerErrors;
  countries: CountryCode[] | null;
  onChange(next: PartnerDraft): void;
}

/** The partner of a couple session: name, e-mail and/or mobile (the rules of product rules, Validation; the api checks them again). */
export function PartnerFields({ id, value, errors, countries, onChange }: Props) {
  const set = (patch: Partial<PartnerDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="hv-partner" aria-describedby={`${id}-note`}>
      <legend>Your partner</legend>
      <p id={`${id}-note`} className="hv-partner__note">
        We send your partner the appointment. Give their e-mail address, their mobile number, or both.
      </p>
      <TextField
        id={`${id}-name`}
        name="partner_name"
        label="Partner's name"
        autoComplete="off"
        maxLength={100}
        oneMessage
        error={errors.name}
        value={value.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <TextField
        id={`${id}-email`}
        name="partner_email"
        label="Partner's e-mail (optional if you give a mobile)"
        type="email"
        autoComplete="off"
        maxLength={254}
        oneMessage
        error={errors.email}
        value={value.email}
        onChange={(e) => set({ email: e.target.value })}
      />
      <div className="hv-partner__phone">
        <div className="hv-filter">
          <label htmlFor={`${id}-country`}>Country code</label>
          <select id={`${id}-country`} name="partner_country" value={value.country} onChange={(e) => set({ country: e.target.value })}>
            {(countries ?? [{ value: 'IN', country: 'India', dialCode: '+91' }]).map((c) => (
              <option key={c.value} value={c.value}>
                {c.country} ({c.dialCode})
              </option>
            ))}
          </select>
        </div>
        <TextField
          id={`${id}-mobile`}
          name="partner_mobile"
          label="Partner's mobile (optional if you give an e-mail)"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          oneMessage
          error={errors.mobile}
          value={value.mobile}
          onChange={(e) => set({ mobile: e.target.value })}
        />
      </div>
    </fieldset>
  );
}

/** Moves focus to the first field with a message (in page order). */
export function focusFirstError(id: string, errors: PartnerErrors): void {
  const first = (['name', 'email', 'mobile'] as const).find((k) => errors[k]);
  if (first) document.getElementById(`${id}-${first}`)?.focus();
}
