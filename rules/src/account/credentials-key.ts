/**
 * The local-storage key the stored sign-in lives under (product rules, Session loss: devise_token_auth
 * headers under `@Token:`). The web core keeps the session there; a prerendered page's session gate reads it
 * before the first paint.
 */
export const CREDENTIALS_STORAGE_KEY = '@Token:';
