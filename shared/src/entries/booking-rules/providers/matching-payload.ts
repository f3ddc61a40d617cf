/**
 * Product rules, Calls to the api: "POST matching data: user response plus provider_type, all_matches (first 30), updated_at" and
 * Product rules, Providers and fees: "Matched providers sent: at most 30".
 */
export const MAX_MATCHES_SENT = 30;

export interface MatchingPayload {
  provider_type: string;
  all_matches: string[];
  updated_at: string;
  user_response: Record<string, unknown>;
}

export function matchingPayload(
  userResponse: Record<string, unknown>,
  providerType: string,
  matchedUuids: readonly string[],
  now: Date = new Date(),
): MatchingPayload {
  return {
    user_response: { ...userResponse },
    provider_type: providerType,
    all_matches: [...new Set(matchedUuids)].slice(0, MAX_MATCHES_SENT),
    updated_at: now.toISOString(),
  };
}
