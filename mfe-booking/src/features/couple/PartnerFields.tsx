import { PhoneField } from '@haven/shared/contact-fields';
import { TextField, type CountryCode } from '@haven/shared/form-kit';
import type { PartnerDraft, PartnerErrors } from './partner-draft';
import './couple.css';

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
      <PhoneField
        id={`${id}-mobile`}
        name="partner_mobile"
        label="Partner's mobile (optional if you give an e-mail)"
        othersNumber
        countries={countries}
        country={value.country}
        onCountryChange={(country) => set({ country })}
        number={value.mobile}
        onNumberChange={(mobile) => set({ mobile })}
        error={errors.mobile}
      />
    </fieldset>
  );
}

/** Moves focus to the first field with a message (in page order). */
export function focusFirstError(id: string, errors: PartnerErrors): void {
  const first = (['name', 'email', 'mobile'] as const).find((k) => errors[k]);
  if (first) document.getElementById(`${id}-${first}`)?.focus();
}
