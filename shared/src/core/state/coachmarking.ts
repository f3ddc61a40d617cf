// Guided tours (coachmarks) and tooltips (product rules, Dashboard; Profiles and members).
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface CoachmarkingData {
  dashboardTour: boolean;
  expertsTour: boolean;
  careToolsTour: boolean;
  journeyTour: boolean;
  journalTour: boolean;
  showTooltip: boolean;
  showProfileTooltip: boolean;
}

export type CoachmarkingSlice = CoachmarkingData & SliceActions<CoachmarkingData>;

export const initialCoachmarking: CoachmarkingData = {
  dashboardTour: false,
  expertsTour: false,
  careToolsTour: false,
  journeyTour: false,
  journalTour: false,
  showTooltip: false,
  showProfileTooltip: false,
};

export function createCoachmarkingSlice(api: SliceApi<CoachmarkingData>): CoachmarkingSlice {
  return { ...initialCoachmarking, ...baseActions(api, initialCoachmarking) };
}
