import { useState } from 'react';
import type { ParticipantBody } from './couple-calls';
import { partnerBody, partnerErrors, readPartnerDraft, writePartnerDraft, type PartnerDraft, type PartnerErrors } from './partner-draft';
import { useCountryCodes } from '@haven/shared/contact-fields';
import { focusFirstError, PartnerFields } from './PartnerFields';

const ID = 'hv-booking-partner';

/** The partner fields of a couple booking, with the draft kept per provider, and `check()` before booking. */
export function usePartnerDraft(providerUuid: string) {
  const countries = useCountryCodes();
  const [draft, setDraftState] = useState<PartnerDraft>(() => readPartnerDraft(providerUuid));
  const [errors, setErrors] = useState<PartnerErrors>({});
  const setDraft = (d: PartnerDraft) => {
    setDraftState(d);
    writePartnerDraft(providerUuid, d);
  };
  /** The api body, or null after showing the messages and focusing the first field to fix. */
  const check = (): ParticipantBody | null => {
    const found = partnerErrors(draft, countries);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(ID, found);
      return null;
    }
    return partnerBody(draft, countries);
  };
  return { fields: <PartnerFields id={ID} value={draft} errors={errors} countries={countries} onChange={setDraft} />, check };
}
