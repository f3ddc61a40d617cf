// Product rules, Dashboard: "Guided tours" (dashboard, experts, care tools, journey, journal) and coachmarking:
// each tour is due until the patient has finished or closed it once (recorded through the api).
import type { CoachmarkingData } from '@haven/shared';

export const TOUR_SECTIONS = ['dashboard', 'experts', 'care_tools', 'journey', 'journal'] as const;
export type TourSection = (typeof TOUR_SECTIONS)[number];

/** The coachmarking flag (true while the tour is due) of each section. */
export const TOUR_FLAG: Record<TourSection, keyof CoachmarkingData> = {
  dashboard: 'dashboardTour',
  experts: 'expertsTour',
  care_tools: 'careToolsTour',
  journey: 'journeyTour',
  journal: 'journalTour',
};

/** Api answer (sections already seen) -> the coachmarking flags; an unknown section name is ignored. */
export function coachmarkingFromSeen(seen: readonly string[]): Pick<CoachmarkingData, (typeof TOUR_FLAG)[TourSection]> {
  const flags = {} as Record<(typeof TOUR_FLAG)[TourSection], boolean>;
  for (const section of TOUR_SECTIONS) flags[TOUR_FLAG[section]] = !seen.includes(section);
  return flags;
}
