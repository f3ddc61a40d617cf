import { useApiRead } from '@haven/shared';
import type { Provider } from '@haven/shared';
import { fetchAncillaryAssessments, type AncillaryAssessment } from './ancillary-calls';

export interface AncillaryOffering {
  /** True until the answer is in (never for a booking that is not an assessment). */
  loading: boolean;
  error: boolean;
  /** Loads it again after a failure. */
  retry: () => void;
  /** This provider's assessment, or null: none the plan allows, or not an assessment booking. */
  offering: AncillaryAssessment | null;
}

/** The booking flow's ancillary assessment of this provider; idle when `providerUuid` is null. */
export function useAncillaryOffering(providerUuid: string | null): AncillaryOffering {
  const load = useApiRead(
    async (signal) => {
      if (!providerUuid) return { offering: null };
      return { offering: (await fetchAncillaryAssessments(signal)).find((a) => a.provider.uuid === providerUuid) ?? null };
    },
    [providerUuid ? `ancillary:${providerUuid}` : 'none'],
    'ancillary-assessment',
  );
  return {
    loading: providerUuid !== null && !load.data && !load.error,
    error: load.status === 'failed',
    retry: load.retry,
    offering: load.data?.offering ?? null,
  };
}

/** The provider as the session step sees it for an assessment: only the assessment's modes, no couple choice. */
export function asAssessmentProvider(p: Provider, a: AncillaryAssessment): Provider {
  const keep = (m: 'online' | 'offline', o: Provider['online_offering']) => (o && a.modes.includes(m) ? { ...o, couple: null } : null);
  return { ...p, online_offering: keep('online', p.online_offering), offline_offering: keep('offline', p.offline_offering) };
}
