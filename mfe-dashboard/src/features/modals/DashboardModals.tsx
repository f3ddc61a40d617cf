import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Dialog, Button, havenStore, policyDayLabel, reportError, useHavenStore, type NewPrivacyPolicy } from '@haven/shared';
import type { DashboardModal } from '@haven/shared/dashboard-rules';
import { WelcomeIllustration } from '@haven/shared/design';
import { useDialogAction as useAction } from '../common/useDialogAction';
import { answerAiConsent, markAiChipViewed } from './ai-consent';
import { consentWording } from '@haven/shared/dashboard-rules';
import { markEighteenPlus, markFirstStepSeen, markGuardianConsent, markPrivacyPolicy, markTncAndPrivacy } from './api/modal-calls';
import type { ConsentPartyInfo, LegalConsentNeeds } from './legal-consent';
import { clearNewProfile } from './new-profile-flag';
import { useDashboardModals } from './useDashboardModals';
import './DashboardModals.css';

/** The new privacy policy the prompt asks to accept (newPrivacyPolicyData): what changed, since when, where to read it. */
function NewPolicyNote({ policy }: { policy: NewPrivacyPolicy | null }) {
  return (
    <section className="hv-policy-note" aria-label="The updated privacy policy">
      {policy ? (
        <>
          <p>
            <strong>Updated privacy policy, in effect from {policyDayLabel(policy.effective_date)}.</strong> {policy.what_changed}
          </p>
          <p>
            <a href={policy.url} target="_blank" rel="noopener noreferrer">
              Read the updated privacy policy
            </a>
          </p>
        </>
      ) : (
        <p>
          <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
            Read the updated privacy policy
          </a>
        </p>
      )}
    </section>
  );
}

type LegalConsentProps = { needs: LegalConsentNeeds; party: ConsentPartyInfo; onDone: () => void };

/** The legal consents asked again on their own (a new privacy policy after the welcome): they must be answered. */
export function LegalConsentDialog(props: LegalConsentProps) {
  const words = consentWording(props.party.party, props.party.name);
  return (
    <Dialog title={words.title} description={words.description}>
      <LegalConsentForm {...props} />
    </Dialog>
  );
}

function LegalConsentForm({ needs, party, onDone }: LegalConsentProps) {
  const { busy, run, alert, setError } = useAction();
  const policy = useHavenStore((s) => s.appConfig.newPrivacyPolicyData);
  const words = consentWording(party.party, party.name);
  const items = [
    needs.privacyPolicy ? { key: 'privacy', label: words.privacyPolicy } : null,
    needs.termsAndPrivacy ? { key: 'tnc', label: words.termsAndPrivacy } : null,
    needs.eighteenPlus || needs.guardian ? { key: 'age', label: words.ageConfirmation } : null,
  ].filter((x): x is { key: string; label: string } => x !== null);
  const [checked, setChecked] = useState<Record<string, boolean>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!items.every((i) => checked[i.key])) {
      setError('Please tick every box to continue.');
      return;
    }
    void run(
      'legal consent',
      async () => {
        if (needs.privacyPolicy) await markPrivacyPolicy();
        if (needs.termsAndPrivacy) await markTncAndPrivacy();
        if (needs.eighteenPlus) await markEighteenPlus();
        if (needs.guardian) await markGuardianConsent();
      },
      () => {
        const s = havenStore.getState();
        // Accepted: nothing left for the prompt to show.
        if (needs.privacyPolicy) s.appConfig.update({ newPrivacyPolicyAccepted: true, newPrivacyPolicyData: null });
        s.consent.update({
          consents: {
            ...s.consent.consents,
            ...(needs.privacyPolicy ? { privacy_policy_consent_status: 'accepted' } : {}),
            ...(needs.termsAndPrivacy ? { is_tnc_checked: true, is_privacy_policy_checked: true } : {}),
            ...(needs.eighteenPlus ? { is_eighteen_plus_checked: true } : {}),
          },
        });
        onDone();
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={words.title} noValidate>
      {needs.privacyPolicy ? <NewPolicyNote policy={policy} /> : null}
      {items.map((item) => (
        <label key={item.key} className="hv-choice">
          <input
            type="checkbox"
            checked={checked[item.key] === true}
            onChange={(e) => setChecked({ ...checked, [item.key]: e.target.checked })}
          />
          {item.label}
        </label>
      ))}
      {alert}
      <div className="hv-dialog__actions">
        <a className="hv-modal-secondary-link" href="/auth/log-out">
          Log out
        </a>
        <Button type="submit" disabled={busy}>
          Accept and continue
        </Button>
      </div>
    </form>
  );
}

/** The first step: find a provider through a few questions, or look around first. */
function FirstStepBody({ onDone }: { onDone: () => void }) {
  const { busy, run, alert } = useAction();
  const finish = (then?: () => void) =>
    void run('first-step modal', markFirstStepSeen, () => {
      onDone();
      then?.();
    });
  return (
    <>
      <p>Your first step: find a provider who fits you. It takes about three minutes.</p>
      <p>Answer a few questions and we will suggest therapists and psychiatrists who work with what you are going through.</p>
      {alert}
      <div className="hv-dialog__actions">
        <Button variant="secondary" disabled={busy} onClick={() => finish()}>
          Explore on my own
        </Button>
        <Button disabled={busy} onClick={() => finish(() => window.location.assign('/matching'))}>
          Find my provider
        </Button>
      </div>
    </>
  );
}

const AI_CONSENT_TITLE = 'Would you like AI to help with your care?';

function AiConsentBody({ onDone }: { onDone: () => void }) {
  const { busy, run, alert } = useAction();
  const answer = (consent: boolean) => void run('ai consent answer', () => answerAiConsent(consent), onDone);
  return (
    <>
      <p>
        With your permission, Haven uses AI to summarise your sessions for you and your provider and to suggest care tools. Your provider
        always reviews what it suggests. You can change this at any time.
      </p>
      {alert}
      <div className="hv-dialog__actions">
        <Button variant="secondary" disabled={busy} onClick={() => answer(false)}>
          Don't allow
        </Button>
        <Button disabled={busy} onClick={() => answer(true)}>
          Allow
        </Button>
      </div>
    </>
  );
}

function NewProfileBody({ onDone }: { onDone: () => void }) {
  const { busy, run, alert } = useAction();
  const dismiss = () => void run('new-profile modal', () => clearNewProfile('new_profile_modal'), onDone);
  return (
    <>
      <p>You can add profiles for family members and book sessions for them from your account.</p>
      {alert}
      <div className="hv-dialog__actions">
        <Button disabled={busy} onClick={dismiss}>
          Got it
        </Button>
      </div>
    </>
  );
}

/** Each step of the welcome: its heading inside the dialog. */
const STEP_HEADINGS: Record<DashboardModal, string> = {
  legalConsent: 'Before we start',
  firstStep: 'Your first step',
  aiConsent: AI_CONSENT_TITLE,
  newProfile: 'Profiles for your family',
};

/**
 * One welcome, then care: every prompt that was due is a step of this one dialog (welcomePlan). Each step
 * clears its own condition as it is answered; focus moves to the next step's heading. Closing it early
 * passes the first step (the welcome does not come back): what is left is offered in place. The legal
 * consents, when among the steps, must be answered before anything else.
 */
function WelcomeDialog({ steps, m, onClose }: { steps: DashboardModal[]; m: ReturnType<typeof useDashboardModals>; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = steps[Math.min(index, steps.length - 1)]!;
  useEffect(() => {
    if (index > 0) heading.current?.focus();
  }, [index]);
  const next = () => (index + 1 < steps.length ? setIndex(index + 1) : onClose());
  const close = () => {
    if (steps.slice(index).includes('firstStep'))
      markFirstStepSeen().catch((error: unknown) => reportError(error, { where: 'first-step modal on close' }));
    m.clearFirstStep();
    onClose();
  };
  // The consents speak as the person who gives them ("Consent for Kiran" when a parent consents for a child).
  const words = step === 'legalConsent' && m.party ? consentWording(m.party.party, m.party.name) : null;
  return (
    <Dialog
      title={words ? words.title : 'Welcome to Haven'}
      description={words ? words.description : steps.length > 1 ? `Step ${index + 1} of ${steps.length}` : undefined}
      onDismiss={step === 'legalConsent' ? undefined : close}
    >
      {index === 0 ? <WelcomeIllustration width={200} className="hv-welcome__picture" /> : null}
      <h3 ref={heading} tabIndex={-1} className="hv-welcome__step">
        {words ? `Step ${index + 1} of ${steps.length}: ${STEP_HEADINGS[step]}` : STEP_HEADINGS[step]}
      </h3>
      {step === 'legalConsent' && m.legal && m.party ? (
        <LegalConsentForm
          needs={m.legal}
          party={m.party}
          onDone={() => {
            m.consentGiven();
            next();
          }}
        />
      ) : null}
      {step === 'firstStep' ? (
        <FirstStepBody
          onDone={() => {
            m.clearFirstStep();
            next();
          }}
        />
      ) : null}
      {step === 'aiConsent' ? <AiConsentBody onDone={next} /> : null}
      {step === 'newProfile' ? (
        <NewProfileBody
          onDone={() => {
            m.clearNewProfile();
            next();
          }}
        />
      ) : null}
    </Dialog>
  );
}

/** A prompt the patient opened from its offer in place, in a dialog of its own. */
function OfferedDialog({
  modal,
  m,
  onClose,
}: {
  modal: Exclude<DashboardModal, 'legalConsent'>;
  m: ReturnType<typeof useDashboardModals>;
  onClose: () => void;
}) {
  if (modal === 'firstStep')
    return (
      <Dialog title="Welcome to Haven" onDismiss={onClose}>
        <FirstStepBody
          onDone={() => {
            m.clearFirstStep();
            onClose();
          }}
        />
      </Dialog>
    );
  if (modal === 'aiConsent')
    return (
      <Dialog title={AI_CONSENT_TITLE} onDismiss={onClose}>
        <AiConsentBody onDone={onClose} />
      </Dialog>
    );
  return (
    <Dialog title="New: profiles for your family" onDismiss={onClose}>
      <NewProfileBody
        onDone={() => {
          m.clearNewProfile();
          onClose();
        }}
      />
    </Dialog>
  );
}

/** How each waiting modal is offered in place: what it is about, and the button that opens it. */
const OFFERS: Record<Exclude<DashboardModal, 'legalConsent'>, { name: string; text: string; open: string }> = {
  firstStep: {
    name: 'Welcome to Haven',
    text: 'Welcome to Haven: find a provider who fits you, in about three minutes.',
    open: 'Get started',
  },
  aiConsent: { name: 'AI in your care', text: 'Choose whether AI may help with your care.', open: 'Choose' },
  newProfile: { name: 'New: profiles for your family', text: 'New: profiles for your family members.', open: 'Learn more' },
};

/**
 * One welcome with every due prompt as a step (once), the prompts that wait offered in place, then the AI
 * chip and the new-profile tooltip. `showCallouts` holds the callouts back while the
 * page around them is still being laid out.
 */
export function DashboardModals({ onSettled, showCallouts = true }: { onSettled?: (settled: boolean) => void; showCallouts?: boolean }) {
  const m = useDashboardModals();
  useEffect(() => onSettled?.(m.settled), [m.settled, onSettled]);
  const chip = useAction();
  const tip = useAction();
  // A waiting prompt the patient chose to open (their act, not an interruption).
  const [opened, setOpened] = useState<Exclude<DashboardModal, 'legalConsent'> | null>(null);
  const legalOnly = m.steps !== null && m.steps.length === 1 && m.steps[0] === 'legalConsent';
  return (
    <>
      {m.steps && legalOnly && m.legal && m.party ? (
        <LegalConsentDialog
          needs={m.legal}
          party={m.party}
          onDone={() => {
            m.consentGiven();
            m.closeWelcome();
          }}
        />
      ) : null}
      {m.steps && !legalOnly ? <WelcomeDialog steps={m.steps} m={m} onClose={m.closeWelcome} /> : null}
      {!m.steps && opened && m.offered.includes(opened) ? <OfferedDialog modal={opened} m={m} onClose={() => setOpened(null)} /> : null}
      {showCallouts && m.offered.length > 0 ? (
        <ul className="hv-offers" aria-label="For you, when you are ready">
          {m.offered.map((modal) =>
            modal === 'legalConsent' ? null : (
              <li key={modal}>
                {/* The group inside the item: a list's children stay list items (axe: list). */}
                <div className="hv-callout" role="group" aria-label={OFFERS[modal].name}>
                  <span>{OFFERS[modal].text}</span>
                  <Button variant="secondary" onClick={() => setOpened(modal)}>
                    {OFFERS[modal].open}
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      ) : null}
      {showCallouts && m.showAiChip ? (
        <div className="hv-callout" aria-label="AI assistance" role="group">
          <span className="hv-chip">AI assistance: {m.aiConsent ? 'on' : 'off'}</span>
          <span>You can change this in your profile at any time.</span>
          <Button variant="ghost" disabled={chip.busy} onClick={() => void chip.run('ai chip', markAiChipViewed, () => undefined)}>
            Got it
          </Button>
          {chip.alert}
        </div>
      ) : null}
      {showCallouts && m.showProfileTooltip ? (
        <div className="hv-callout" aria-label="New: family profiles" role="group">
          <span>New: add profiles for family members and book for them.</span>
          <Button
            variant="ghost"
            disabled={tip.busy}
            onClick={() => void tip.run('new-profile tooltip', () => clearNewProfile('new_profile_tooltip'), m.clearTooltip)}
          >
            Got it
          </Button>
          {tip.alert}
        </div>
      ) : null}
    </>
  );
}
