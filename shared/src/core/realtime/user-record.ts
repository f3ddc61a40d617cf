/**
 * Product rules, What the client keeps: realtime user record `users/{firebaseid}`: currentCourseName, gaid, appVersion, appConfig.
 * The apps write it; the web reads the current course (the journey shows it). The realtime rules let
 * only the owner read or write it (api/test/realtime.test.ts checks another user is denied).
 */
import { subscribe } from './realtime-client';

export interface RealtimeUserRecord {
  currentCourseName?: string | null;
  gaid?: string | null;
  appVersion?: string | null;
  appConfig?: Record<string, unknown> | null;
}

export const userRecordPath = (firebaseId: string) => `users/${firebaseId}`;

/** The current course name of the record, or null when there is none (missing, empty or not text). */
export function currentCourseName(record: RealtimeUserRecord | null | undefined): string | null {
  const name = record?.currentCourseName;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/** Live current course of the signed-in user's record; returns the unsubscribe function. */
export function subscribeCurrentCourse(firebaseId: string, callback: (course: string | null) => void): () => void {
  return subscribe<RealtimeUserRecord>(userRecordPath(firebaseId), (record) => callback(currentCourseName(record)));
}
