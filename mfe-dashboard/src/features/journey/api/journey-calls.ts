import { type Answer, apiClient } from '@haven/shared';

export type Journey = Answer<'/customers/journey', 'get'>['data'];

export async function getJourney(): Promise<Journey> {
  return (await apiClient.get<Answer<'/customers/journey', 'get'>>('/customers/journey')).data.data;
}
