import { type Answer, apiClient } from '@haven/shared';

export type AncillaryAssessment = Answer<'/ancillary_assessments', 'get'>['data'][number];

/** The ancillary assessments the patient's plan allows, with their fee text and length. */
export async function fetchAncillaryAssessments(signal?: AbortSignal): Promise<AncillaryAssessment[]> {
  const { data } = await apiClient.get<Answer<'/ancillary_assessments', 'get'>>('/ancillary_assessments', { signal });
  return data.data;
}

/** The booking flow's address for one provider's assessment: its length is fixed, so there is no length step. */
export function ancillaryBookHref(a: Pick<AncillaryAssessment, 'provider' | 'duration_minutes'>): string {
  return `/booking?${new URLSearchParams({ provider: a.provider.uuid, type: 'ancillary_assessment', duration: String(a.duration_minutes), step: '1' }).toString()}`;
}
