// Sessions lists (product rules, Sessions and the room) (upcoming, completed, suggested) with their fetch flags.
import { baseActions, type SliceActions, type SliceApi } from './slice';
import type { Booking } from './types';

export interface SessionsData {
  upcomingSessions: Booking[];
  completedSessions: Booking[];
  suggestedSessions: Booking[];
  dropdownStatus: Record<string, boolean>;
  loading: boolean;
  fetchingUpcoming: boolean;
  fetchingCompleted: boolean;
  latestSessionInfo: Booking | null;
  completedSessionsCount: number;
}

export type SessionsSlice = SessionsData & SliceActions<SessionsData>;

export const initialSessions: SessionsData = {
  upcomingSessions: [],
  completedSessions: [],
  suggestedSessions: [],
  dropdownStatus: {},
  loading: false,
  fetchingUpcoming: false,
  fetchingCompleted: false,
  latestSessionInfo: null,
  completedSessionsCount: 0,
};

export function createSessionsSlice(api: SliceApi<SessionsData>): SessionsSlice {
  return { ...initialSessions, ...baseActions(api, initialSessions) };
}
