import { useEffect, useState } from 'react';
import { eventBus, loadConsents, reportError, useHavenStore } from '@haven/shared';
import { welcomePlan, type DashboardModal } from '@haven/shared/dashboard-rules';
import { loadAiState } from './ai-consent';
import { getConsentParty, getFirstStepDue } from './api/modal-calls';
import { anyNeeded, legalConsentNeeds, type ConsentPartyInfo } from './legal-consent';
import { isNewProfileFlagSet } from './new-profile-flag';
import { interruptionThisVisit, takeInterruption } from './visit-interruption';

type Due = boolean | 'unknown';

/**
 * Every prompt's condition (product rules, Dashboard: dashboard modals, in DASHBOARD_MODAL_ORDER), the one
 * welcome to open with them as its steps (welcomePlan), and the ones offered in place afterwards.
 */
export function useDashboardModals() {
  const userKey = useHavenStore((s) => (s.auth.user ? String(s.auth.user.uuid ?? s.auth.user.id) : null));
  const consents = useHavenStore((s) => s.consent.consents);
  const loadingConsents = useHavenStore((s) => s.consent.loadingConsents);
  const acceptedLocally = useHavenStore((s) => s.appConfig.newPrivacyPolicyAccepted);
  const aiEnabled = useHavenStore((s) => s.ai.isAiEnabled);
  const aiModalViewed = useHavenStore((s) => s.ai.isAiConsentModalViewed);
  const aiChipViewed = useHavenStore((s) => s.ai.isAiConsentChipViewed);
  const aiConsent = useHavenStore((s) => s.ai.isAiConsentEnabled);
  const [aiKnown, setAiKnown] = useState(false);
  const [firstStep, setFirstStep] = useState<Due>('unknown');
  const [newProfile, setNewProfile] = useState<Due>('unknown');
  const [tooltip, setTooltip] = useState(false);
  // Who consents for the acting profile; 'failed' skips the consent dialog on this page rather than ask
  // the wrong person (a child's profile must never be asked to say it is 18 or older).
  const [party, setParty] = useState<ConsentPartyInfo | null | 'failed'>(null);

  useEffect(() => {
    if (!userKey) return undefined;
    let live = true;
    const load = () => {
      setParty(null);
      getConsentParty()
        .then((p) => live && setParty(p))
        .catch((error: unknown) => {
          reportError(error, { where: 'consent party' });
          if (live) setParty('failed');
        });
    };
    load();
    // Another profile acts now: its own consents and its own consenting person.
    const off = eventBus.on('profile:switch', () => {
      load();
      void loadConsents();
    });
    return () => {
      live = false;
      off();
    };
  }, [userKey]);

  useEffect(() => {
    if (!userKey) return undefined;
    let live = true;
    void loadAiState(userKey).then(() => live && setAiKnown(true));
    getFirstStepDue()
      .then((due) => live && setFirstStep(due))
      .catch((error: unknown) => {
        reportError(error, { where: 'first-step modal flag' });
        if (live) setFirstStep(false);
      });
    void isNewProfileFlagSet('new_profile_modal').then((due) => live && setNewProfile(due));
    void isNewProfileFlagSet('new_profile_tooltip').then((due) => live && setTooltip(due));
    return () => {
      live = false;
    };
  }, [userKey]);

  const legal =
    party === 'failed'
      ? { privacyPolicy: false, termsAndPrivacy: false, eighteenPlus: false, guardian: false }
      : legalConsentNeeds(consents, loadingConsents, acceptedLocally, party);
  // A child's profile gets a child's welcome: its consents (given by the parent) and nothing an adult decides.
  const child = party !== null && party !== 'failed' && party.party === 'child';
  const plan = welcomePlan(
    {
      legalConsent: legal === 'unknown' ? 'unknown' : anyNeeded(legal),
      firstStep,
      aiConsent: aiKnown ? aiEnabled && !aiModalViewed : 'unknown',
      newProfile,
    },
    // The welcome passes the first step as soon as it runs: once passed, the patient has been welcomed.
    { welcomed: firstStep === false, takenThisVisit: interruptionThisVisit(), child },
  );
  // The steps the welcome opened with stay until the patient closes it (each step clears its own condition).
  const [welcome, setWelcome] = useState<DashboardModal[] | null>(null);
  const [welcomeClosed, setWelcomeClosed] = useState(false);
  // Latched during render (React's "state from the previous render" pattern), so no frame shows it unlatched.
  if (welcome === null && !welcomeClosed && plan.steps.length > 0) setWelcome(plan.steps);
  useEffect(() => {
    if (welcome) takeInterruption('welcome');
  }, [welcome]);
  const steps = welcomeClosed ? (plan.steps.length > 0 ? plan.steps : null) : welcome;

  return {
    /** The welcome's steps while it is open (or the legal consents alone, due again after it); null: none open. */
    steps,
    closeWelcome: () => setWelcomeClosed(true),
    /** Due prompts that wait: offered in place, opened by the patient. */
    offered: steps ? [] : plan.offered,
    /** Every condition is known and nothing is open: the page may offer its tour. */
    settled: steps === null && legal !== 'unknown' && firstStep !== 'unknown' && aiKnown && newProfile !== 'unknown',
    legal: legal === 'unknown' ? null : legal,
    party: party === 'failed' ? null : party,
    showAiChip: !child && steps === null && aiKnown && aiEnabled && aiModalViewed && !aiChipViewed,
    aiConsent,
    showProfileTooltip: !child && steps === null && tooltip && newProfile !== 'unknown' && !plan.offered.includes('newProfile'),
    /** Every line of the consent dialog was given (a child's guardian consent among them). */
    consentGiven: () => setParty((p) => (p && p !== 'failed' && p.party === 'child' ? { ...p, guardianConsentGiven: true } : p)),
    clearFirstStep: () => setFirstStep(false),
    clearNewProfile: () => setNewProfile(false),
    clearTooltip: () => setTooltip(false),
  };
}
