/**
 * Product rules, What the client keeps: realtime user record `users/{firebaseid}`: currentCourseName, gaid, appVersion, appConfig.
 * The apps write the course and gaid; the web reads the current course (the journey shows it) and, at
 * each sign-in, writes its own appVersion and appConfig. The realtime rules let only the owner read or
 * write it (api/test/realtime.test.ts checks another user is denied).
 */
import { getRuntimeConfig, isRuntimeConfigLoaded } from '../config/runtime-config';
import { platformLabel, type PlatformLabel } from '../growth/analytics/analytics-rules';
import { storageGet } from '../platform/storage-keys';
import { subscribe, updateRecord } from './realtime-client';

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

/** What the web writes into the record: only its own fields (the course and gaid are the apps'). */
export function webUserRecord(
  appVersion: string | null,
  platform: PlatformLabel,
): Required<Pick<RealtimeUserRecord, 'appVersion' | 'appConfig'>> {
  return { appVersion, appConfig: { platform } };
}

/** At sign-in: this browser's release and platform into users/{firebaseid}, other fields untouched. */
export function recordWebApp(firebaseId: string): Promise<void> {
  const appVersion = isRuntimeConfigLoaded() ? (getRuntimeConfig().appVersion ?? null) : null;
  const platform = platformLabel(navigator.userAgent, storageGet('platform'));
  return updateRecord(userRecordPath(firebaseId), webUserRecord(appVersion, platform));
}
