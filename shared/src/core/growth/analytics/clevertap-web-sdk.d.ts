// clevertap-web-sdk ships no types: the part of its documented API the engagement adapter uses.
declare module 'clevertap-web-sdk' {
  export interface CleverTapInitOptions {
    /** Send with fetch (JSON answers) instead of injected script tags: no third-party script runs in the page. */
    enableFetchApi?: boolean;
  }
  export interface CleverTap {
    init(accountId: string, region?: string, targetDomain?: string, token?: string, options?: CleverTapInitOptions): void;
    privacy: { push(...settings: Array<{ optOut?: boolean; useIP?: boolean }>): void };
    event: { push(name: string, properties?: Record<string, unknown>): void };
    onUserLogin: { push(profile: { Site: Record<string, string | number> }): void };
    /** Forgets the profile on this device: the next events are an anonymous visitor's. */
    clear(): void;
    spa: boolean;
  }
  const clevertap: CleverTap;
  export default clevertap;
}
