// User location details (product rules, What the client keeps). Persisted except the loading and error flags.
import { isBool, isStr, nullable, shapeOf, type Shape } from './validate';
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface UserLocation {
  country: string | null;
  timezone: string | null;
  display_timezone: string | null;
  is_blacklisted_country: boolean | null;
  /** The part of display_timezone after ' - ' (e.g. 'IST'). */
  timezone_abbreviation: string | null;
}

/** The location answer (product rules, Booking and time zones: "user location"). */
export interface UserLocationResponse {
  country?: string | null;
  timezone?: string | null;
  display_timezone?: string | null;
  is_blacklisted_country?: boolean | null;
  is_international?: boolean | null;
}

export function timezoneAbbreviation(displayTimezone: string | null | undefined): string | null {
  if (!displayTimezone) return null;
  const part = displayTimezone.split(' - ')[1]?.trim();
  return part ? part : null;
}

export interface UserLocationDetailsData {
  location: UserLocation | null;
  isUserInForeignTimezone: boolean;
  error: string | null;
  isLoading: boolean;
}

export interface UserLocationDetailsSlice extends UserLocationDetailsData, SliceActions<UserLocationDetailsData> {
  setLocation(response: UserLocationResponse): void;
}

export const initialUserLocationDetails: UserLocationDetailsData = {
  location: null,
  isUserInForeignTimezone: false,
  error: null,
  isLoading: false,
};

export const userLocationDetailsPersisted: Shape<UserLocationDetailsData> = {
  location: nullable(
    shapeOf<UserLocation>({
      country: nullable(isStr),
      timezone: nullable(isStr),
      display_timezone: nullable(isStr),
      is_blacklisted_country: nullable(isBool),
      timezone_abbreviation: nullable(isStr),
    }),
  ),
  isUserInForeignTimezone: isBool,
};

export function createUserLocationDetailsSlice(api: SliceApi<UserLocationDetailsData>): UserLocationDetailsSlice {
  return {
    ...initialUserLocationDetails,
    ...baseActions(api, initialUserLocationDetails),
    setLocation: (r) =>
      api.patch({
        location: {
          country: r.country ?? null,
          timezone: r.timezone ?? null,
          display_timezone: r.display_timezone ?? null,
          is_blacklisted_country: r.is_blacklisted_country ?? null,
          timezone_abbreviation: timezoneAbbreviation(r.display_timezone),
        },
        isUserInForeignTimezone: r.is_international === true,
        error: null,
        isLoading: false,
      }),
  };
}
