import { useState } from 'react';
import { Button, eventBus, reportError, Spinner, useApiRead } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { describeApiError } from '@haven/shared/form-kit';
import { fetchParticipants, inviteParticipant, saveParticipant, type Participant } from './couple-calls';
import { draftOf, EMPTY_PARTNER, partnerBody, partnerErrors, type PartnerDraft, type PartnerErrors } from './partner-draft';
import { useCountryCodes } from '@haven/shared/contact-fields';
import { focusFirstError, PartnerFields } from './PartnerFields';

interface Props {
  bookingUuid: string;
  /** Only a confirmed session's partner can be sent the appointment. */
  confirmed: boolean;
  /** Only an open (pending or confirmed) session's partner can be changed. */
  editable: boolean;
}

/** The partner of a couple session: shown, added or changed, and sent the appointment. */
export function PartnerCard({ bookingUuid, confirmed, editable }: Props) {
  const loaded = useApiRead((signal) => fetchParticipants(bookingUuid, signal), [bookingUuid], 'participants');
  const [saved, setSaved] = useState<Participant[] | null>(null);
  const list = saved ?? loaded.data;
  const partner = list?.[0];
  const countries = useCountryCodes();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<PartnerDraft>(EMPTY_PARTNER);
  const [errors, setErrors] = useState<PartnerErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `hv-partner-${bookingUuid.slice(0, 8)}`;

  const startEdit = () => {
    setDraft(partner ? draftOf(partner, countries) : EMPTY_PARTNER);
    setErrors({});
    setMessage(null);
    setEditing(true);
  };
  const save = async () => {
    const found = partnerErrors(draft, countries);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(id, found);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      setSaved(await saveParticipant(bookingUuid, partnerBody(draft, countries)));
      eventBus.emit('profile:event', { name: 'couple_therapist' });
      setEditing(false);
      setMessage({ tone: 'success', text: 'Your partner is saved.' });
    } catch (e) {
      // What was typed stays in the fields; the api's sentence says what to change.
      if ((e as { response?: { status?: number } }).response?.status !== 422) reportError(e, { area: 'participant-save' });
      setMessage({ tone: 'error', text: describeApiError(e, { action: "save your partner's details" }).message });
    } finally {
      setBusy(false);
    }
  };
  const invite = async () => {
    setBusy(true);
    setMessage(null);
    try {
      setSaved(await inviteParticipant(bookingUuid));
      setMessage({ tone: 'success', text: `We sent ${partner?.name ?? 'your partner'} the appointment.` });
    } catch (e) {
      reportError(e, { area: 'participant-invite' });
      setMessage({ tone: 'error', text: describeApiError(e, { action: 'send your partner the appointment' }).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="hv-partner-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Your partner</h3>
      {!list && !loaded.error && <Spinner label="Loading your partner" />}
      {loaded.error && !list && <LoadFailed what="Your partner's details" retry={loaded.retry} />}
      {list && !editing && (
        <>
          {partner ? (
            <p data-testid="partner">
              <strong>{partner.name}</strong>
              {[partner.email, partner.mobile].filter(Boolean).length > 0
                ? ` · ${[partner.email, partner.mobile].filter(Boolean).join(' · ')}`
                : ''}
            </p>
          ) : (
            <p>No partner added yet. Add them so we can send them the appointment.</p>
          )}
          {partner?.invited_at && <p className="hv-partner__note">The appointment was sent to {partner.name}.</p>}
          <div className="hv-booking__actions">
            {editable && (
              <Button variant="secondary" onClick={startEdit}>
                {partner ? 'Change partner' : 'Add your partner'}
              </Button>
            )}
            {editable && confirmed && partner && (
              <Button variant="ghost" onClick={() => void invite()} disabled={busy}>
                {partner.invited_at ? 'Send the appointment again' : `Send the appointment to ${partner.name}`}
              </Button>
            )}
          </div>
        </>
      )}
      {editing && (
        <form
          className="hv-booking__form"
          aria-label="Partner details"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <PartnerFields id={id} value={draft} errors={errors} countries={countries} onChange={setDraft} />
          <div className="hv-booking__actions">
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : 'Save partner'}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Keep as it was
            </Button>
          </div>
        </form>
      )}
      {message && (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? 'hv-booking__notice' : undefined}>
          {message.text}
        </p>
      )}
    </section>
  );
}
