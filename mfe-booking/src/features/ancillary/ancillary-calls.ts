import { apiClient, type ApiPaths } from '@haven/shared';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type AncillaryAssessment = Json<ApiPaths['/api/v1/ancillary_assessments']['get']['responses'][200]>['data'][number];

/** The ancillary assessments the patient's plan allows, with their fee text and length. */
export async function fetchAncillaryAssessments(signal?: AbortSignal): Promise<AncillaryAssessment[]> {
  const { data } = await apiClient.get<{ data: AncillaryAssessment[] }>('/ancillary_assessments', { signal });
  return data.data;
}

/** The booking flow's address for one provider's assessment: its length is fixed, so there is no length step. */
export function ancillaryBookHref(a: Pick<AncillaryAssessment, 'provider' | 'duration_minutes'>): string {
  return `/booking?${new URLSearchParams({ provider: a.provider.uuid, type: 'ancillary_assessment', duration: String(a.duration_minutes), step: '1' }).toString()}`;
}
