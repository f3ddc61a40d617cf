// Nudges (product rules, Dashboard): four ordered sections; all loaded only when all four are.
import { baseActions, type SliceActions, type SliceApi } from './slice';

export const NUDGE_ORDER = { nps: 0, feedback: 1, reflection: 2, webtoapp: 3 } as const;
export type NudgeSection = keyof typeof NUDGE_ORDER;
export const NUDGE_SECTIONS = Object.keys(NUDGE_ORDER) as NudgeSection[];

export interface Nudge {
  is_loaded: boolean;
  [field: string]: unknown;
}

export type Nudges = Partial<Record<NudgeSection, Nudge>>;

export function areAllNudgesLoaded(nudges: Nudges): boolean {
  return NUDGE_SECTIONS.every((section) => nudges[section]?.is_loaded === true);
}

export interface NudgeData {
  nudges: Nudges;
  isAllLoaded: boolean;
}

export interface NudgeSlice extends NudgeData, SliceActions<NudgeData> {
  setNudge(section: NudgeSection, nudge: Nudge): void;
}

export const initialNudge: NudgeData = { nudges: {}, isAllLoaded: false };

export function createNudgeSlice(api: SliceApi<NudgeData>): NudgeSlice {
  return {
    ...initialNudge,
    ...baseActions(api, initialNudge),
    setNudge: (section, nudge) => {
      const nudges = { ...api.get().nudges, [section]: nudge };
      api.patch({ nudges, isAllLoaded: areAllNudgesLoaded(nudges) });
    },
  };
}
