// The child's consents, given by the parent at the booking flow's entry: terms and privacy accepted for the
// child and the parent's own consent, in the one wording (consentWording), before date and time are asked.
import { useState, type FormEvent } from 'react';
import { type Answer, apiClient, Button, reportError } from '@haven/shared';
import { consentWording } from '@haven/shared/booking-rules';

const TICK_ALL = 'Please tick both boxes to continue.';
const FAILED = 'Your consent was not saved. Please check your connection and try again.';

export function ChildConsentStep({ name, onGiven }: { name: string; onGiven: () => void }) {
  const words = consentWording('child', name);
  const [terms, setTerms] = useState(false);
  const [guardian, setGuardian] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!terms || !guardian) {
      setProblem(TICK_ALL);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      // Both marks keep what was given before: asking again is harmless.
      await apiClient.post<Answer<'/customers/mark_tnc_and_privacy', 'post'>>('/customers/mark_tnc_and_privacy');
      await apiClient.post<Answer<'/customers/mark_guardian_consent', 'post'>>('/customers/mark_guardian_consent');
      onGiven();
    } catch (e) {
      reportError(e, { where: 'booking child consent' });
      setProblem(FAILED);
      setBusy(false);
    }
  };

  return (
    <form className="hv-booking__form" aria-labelledby="hv-child-consent-heading" onSubmit={(e) => void submit(e)} noValidate>
      <h2 id="hv-child-consent-heading" data-step-heading tabIndex={-1}>
        {words.title}
      </h2>
      <p>{words.description}</p>
      <p>Before you choose a date and time for {name}, please give these consents. Nothing is booked or paid until you do.</p>
      <fieldset>
        <legend>Consents for {name}</legend>
        <label className="hv-choice">
          <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
          {words.termsAndPrivacy}
        </label>
        <label className="hv-choice">
          <input type="checkbox" checked={guardian} onChange={(e) => setGuardian(e.target.checked)} />
          {words.ageConfirmation}
        </label>
      </fieldset>
      {problem ? (
        <p role="alert" className="hv-booking__notice">
          {problem}
        </p>
      ) : null}
      <p>
        Read the <a href="/terms-of-use">terms of use</a> and the <a href="/privacy-policy">privacy policy</a>.
      </p>
      <Button type="submit" disabled={busy}>
        Give consent and continue
      </Button>
    </form>
  );
}
