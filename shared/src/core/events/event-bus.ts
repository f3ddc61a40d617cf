// A small typed event bus for cross-app events (shell and remotes share one instance because the core
// is a Module Federation singleton). No dependency: the core must stay small.
import { reportError } from '../reporting/report-error';
import type { AttributionRecord, AuthUser } from '../state/types';

export interface HavenEvents {
  'auth:login': { user: AuthUser };
  'auth:logout': { reason: string };
  'profile:switch': { profileId: string | number };
  /** Product rules, Profiles and members: profile events (the account area emits them; analytics subscribes). */
  'profile:event': { name: ProfileEventName; profileId?: string };
  'attribution:updated': { record: AttributionRecord };
  /** A 401 / 403 is_device_logged_out answer ended the session (product rules, Session loss). */
  'session:lost': { status: number };
  'route:change': { path: string };
  /**
   * One analytics event (the tracking API): emitted by any remote (profile, booking, session-room events
   * named in the product rules), heard by the analytics adapters (shared/src/core/growth/analytics). No remote calls an SDK.
   */
  'analytics:track': { name: string; properties?: Record<string, unknown> };
  /** Booking: a session was booked, and how it was paid for. */
  'booking:booked': { booking_uuid: string; provider_uuid: string; paid_with: 'payment' | 'package' | 'free' };
  /** Booking: a checkout failed or was left; nothing was booked. */
  'booking:payment_failed': { booking_uuid: string; outcome: 'failure' | 'abandon' };
  /** Provider switch: the patient changed their provider of one type. */
  'provider:switched': { provider_type: string; from_uuid: string | null; to_uuid: string; reason: string };
  /** Decline and track: the patient said a suggested provider is not a fit, and why. */
  'provider:declined': { provider_uuid: string; provider_type: string; reason: string };
  /** Matching feedback: the patient rated their matches. */
  'matching:feedback': { provider_type: string; rating: number; good_fits: number };
}

/** Product rules, Profiles and members: "Profile events", verbatim. */
export const PROFILE_EVENT_NAMES = [
  'email_update',
  'phone_update',
  'delete_profile',
  'new_profile',
  'switch_profile',
  'profile_details_click',
  'switch_profile_book',
  'ancillary_assessment',
  'couple_therapist',
] as const;
export type ProfileEventName = (typeof PROFILE_EVENT_NAMES)[number];

export type EventHandler<P> = (payload: P) => void;

export interface EventBus<E> {
  on<K extends keyof E>(event: K, handler: EventHandler<E[K]>): () => void;
  off<K extends keyof E>(event: K, handler: EventHandler<E[K]>): void;
  once<K extends keyof E>(event: K, handler: EventHandler<E[K]>): () => void;
  emit<K extends keyof E>(event: K, payload: E[K]): void;
}

export function createEventBus<E>(): EventBus<E> {
  const handlers = new Map<keyof E, Set<EventHandler<never>>>();

  const bus: EventBus<E> = {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      set.add(handler as EventHandler<never>);
      handlers.set(event, set);
      return () => bus.off(event, handler);
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler as EventHandler<never>);
    },
    once(event, handler) {
      const wrapper: EventHandler<E[typeof event]> = (payload) => {
        bus.off(event, wrapper);
        handler(payload);
      };
      return bus.on(event, wrapper);
    },
    emit(event, payload) {
      // Copy first: a handler may unsubscribe (once) while we iterate.
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          (handler as EventHandler<E[typeof event]>)(payload);
        } catch (error) {
          // One faulty remote must not stop the others from hearing the event.
          reportError(error, { event: String(event) });
        }
      }
    },
  };
  return bus;
}

/** The page's one bus. */
export const eventBus: EventBus<HavenEvents> = createEventBus<HavenEvents>();
