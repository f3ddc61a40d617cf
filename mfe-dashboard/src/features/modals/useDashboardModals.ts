import { useEffect, useState } from 'react';
import { reportError, useHavenStore } from '@haven/shared';
import { interruptionPlan } from '@haven/shared/dashboard-rules';
import { loadAiState } from './ai-consent';
import { getFirstStepDue } from './api/modal-calls';
import { anyNeeded, legalConsentNeeds } from './legal-consent';
import { isNewProfileFlagSet } from './new-profile-flag';
import { interruptionThisVisit, takeInterruption } from './visit-interruption';

type Due = boolean | 'unknown';

/**
 * Every modal's condition, the one to show now (product rules, Dashboard: dashboard modals, in
 * DASHBOARD_MODAL_ORDER) and, once this visit's one interruption is over, the ones offered in place.
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

  const legal = legalConsentNeeds(consents, loadingConsents, acceptedLocally);
  const plan = interruptionPlan(
    {
      legalConsent: legal === 'unknown' ? 'unknown' : anyNeeded(legal),
      firstStep,
      aiConsent: aiKnown ? aiEnabled && !aiModalViewed : 'unknown',
      newProfile,
    },
    interruptionThisVisit(),
  );
  const current = plan.modal;
  useEffect(() => {
    if (current) takeInterruption(current);
  }, [current]);

  return {
    current,
    /** Due modals that wait for a later visit: offered in place, opened by the patient. */
    offered: plan.offered,
    /** Every condition is known and no modal is due: the page may offer its tour. */
    settled: current === null && legal !== 'unknown' && firstStep !== 'unknown' && aiKnown && newProfile !== 'unknown',
    legal: legal === 'unknown' ? null : legal,
    showAiChip: current === null && aiKnown && aiEnabled && aiModalViewed && !aiChipViewed,
    aiConsent,
    showProfileTooltip: current === null && tooltip && newProfile !== 'unknown' && !plan.offered.includes('newProfile'),
    clearFirstStep: () => setFirstStep(false),
    clearNewProfile: () => setNewProfile(false),
    clearTooltip: () => setTooltip(false),
  };
}
