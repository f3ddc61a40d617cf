// Where the terms of use and the privacy policy live (real links, opened in a new tab).
export const TERMS_URL = '/terms-of-use';
export const PRIVACY_URL = '/privacy-policy';
