// The shape every analytics sink has: the tracker holds a list of them and the engagement tool's adapter is
// one; a file of its own so neither imports the other for it.
import type { AuthUser } from '../../state/types';

export type Properties = Record<string, unknown>;

export interface AnalyticsAdapter {
  readonly name: string;
  /** Whether this adapter takes the event (the engagement tool's selected list, country and 45-day rule). */
  accepts?(event: string, now: number): boolean;
  track(event: string, properties: Properties, user: AuthUser | null): void;
  setUserProperty?(name: string, value: unknown, user: AuthUser | null): void;
  /** At logout, after the logout event: forget the person (the next visitor on this device is someone else). */
  reset?(): void;
}
