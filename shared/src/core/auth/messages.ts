// Product rules, Errors and messages: error texts, verbatim. Pages and flows use these constants; tests assert the literal texts.
export const FIREBASE_LOGIN_ERROR = 'Error on Login with firebase';
export const GOOGLE_POPUP_ERROR = 'Google Authentication failed!';
export const GOOGLE_LOGIN_FALLBACK_ERROR = 'Google login failed, please contact the support team for more details';
export const INVALID_VERIFICATION_CODE = 'Invalid verification code';
export const INVALID_AUTH_TOKEN = 'Invalid auth token';
export const B2B_LINK_ERROR = 'Error authenticating user. Please provide a valid token.';
/** Product rules, Sign-in and identity: the two clinician user types are refused web login; the toast says why. */
export const CLINICIAN_LOGIN_MESSAGE = 'Clinician accounts cannot log in on the web. Please use the clinician app.';

/** A login that a logout overtook (another tab, or the log-out page opened with a stored session). */
export const LOGGED_OUT_DURING_LOGIN = 'You have been logged out. Please log in again.';
