// Steps of a flow that must survive a reload or Back, kept in session storage: this tab
// only, gone when it closes. Unreadable or blocked storage is reported and the flow starts over.
import { reportError, type OtpChannel, type OtpTarget } from '@haven/shared';

/** The one-time-code step: where the code went, and when it may be resent / stops working (ms since epoch). */
export interface OtpStep {
  target: OtpTarget;
  /** For people: '+91 98765 43210' or the e-mail address. */
  label: string;
  resendAt: number;
  expiresAt: number;
  /** What the request form held, so Back shows it again. */
  form: { channel: OtpChannel; country: string; mobile: string; email: string };
}

/** A destination a one-time code proved, carried into sign-up (no second code). */
export interface VerifiedDestination {
  target: OtpTarget;
  label: string;
  /** The api's proof for sign-up (null when it gave none: the destination is then only prefilled). */
  verificationToken: string | null;
  /** The proof's own lifetime is the api's; this keeps a stale one from being offered. */
  until: number;
}

export const OTP_STEP_KEY = 'haven.auth.otp-step';
export const VERIFIED_DESTINATION_KEY = 'haven.auth.verified-destination';

function read<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch (error) {
    reportError(error, { where: 'session step read', key });
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    reportError(error, { where: 'session step write', key });
  }
}

function isTarget(t: unknown): t is OtpTarget {
  const v = t as Partial<Record<string, unknown>> | null;
  if (!v || typeof v !== 'object') return false;
  if (v.channel === 'email') return typeof v.email === 'string';
  return (v.channel === 'sms' || v.channel === 'whatsapp') && typeof v.mobile === 'string';
}

const isOtpStep = (v: unknown): v is OtpStep => {
  const s = v as Partial<OtpStep> | null;
  return (
    !!s &&
    isTarget(s.target) &&
    typeof s.label === 'string' &&
    typeof s.resendAt === 'number' &&
    typeof s.expiresAt === 'number' &&
    typeof s.form === 'object'
  );
};

const isVerified = (v: unknown): v is VerifiedDestination => {
  const s = v as Partial<VerifiedDestination> | null;
  return !!s && isTarget(s.target) && typeof s.label === 'string' && typeof s.until === 'number';
};

export const readOtpStep = () => read(OTP_STEP_KEY, isOtpStep);
export const saveOtpStep = (step: OtpStep | null) => write(OTP_STEP_KEY, step);

export function readVerifiedDestination(now = Date.now()): VerifiedDestination | null {
  const v = read(VERIFIED_DESTINATION_KEY, isVerified);
  return v && v.until > now ? v : null;
}
export const saveVerifiedDestination = (v: VerifiedDestination | null) => write(VERIFIED_DESTINATION_KEY, v);
