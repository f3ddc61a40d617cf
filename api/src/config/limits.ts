// Every rate limit and lockout of the api, in one place (documented in api/README.md, "Limits").
// A rule allows `max` events per `windowS` seconds per key; a request over it answers 429 with
// Retry-After. Limits per client address are looser in the `test` stage only, because the test
// suites send everything from 127.0.0.1; the limits per destination and per account are the same in
// every stage, so the browser suite sees a real 429.

export interface Rule {
  max: number;
  windowS: number;
}
export interface LockoutRule {
  /** Failed attempts in a row before the first lock. */
  after: number;
  /** First lock; each further lock doubles it, up to maxS. */
  baseS: number;
  maxS: number;
}

export type LimitName =
  | 'otp_send_destination'
  | 'otp_send_address'
  | 'otp_wrong_destination'
  | 'current_password_user'
  | 'sign_up_address'
  | 'forgot_password_email'
  | 'forgot_password_address'
  | 'partner_code'
  | 'crn'
  | 'partner_token'
  | 'account_exists'
  | 'feature_flags_address'
  | 'telemetry_address'
  | 'partner_handoff_user'
  | 'partner_handoff_address'
  | 'contact_change_user'
  | 'contact_change_address'
  | 'account_close_user'
  | 'account_close_address'
  | 'pin_wrong_user'
  | 'pin_reset_code_user'
  | 'pin_reset_code_address'
  | 'room_join_failed_address'
  | 'room_join_failed_user'
  | 'coupon_check_user'
  | 'coupon_check_address'
  | 'payment_verify_user'
  | 'payment_verify_address'
  | 'payment_webhook_failed_address'
  | 'social_sign_in_failed_address'
  | 'sso_domain_check_address'
  | 'sso_sign_in_failed_address'
  | 'token_refresh_user'
  | 'waitlist_join_user'
  | 'waitlist_join_address'
  | 'participant_invite_user'
  | 'participant_invite_address'
  | 'participant_invite_destination'
  | 'provider_decline_user'
  | 'provider_decline_address'
  | 'matching_feedback_user'
  | 'matching_feedback_address'
  | 'coordinator_request_user'
  | 'coordinator_request_address'
  | 'invoice_document_user'
  | 'invoice_document_address'
  | 'upload_account'
  | 'upload_address'
  | 'community_username_user'
  | 'community_username_address'
  | 'newsletter_email'
  | 'newsletter_address'
  | 'newsletter_link_address'
  | 'lead_email'
  | 'lead_address'
  | 'short_link_address';

const perAddress = (stage: string, max: number, windowS: number): Rule[] => [{ max: stage === 'test' ? max * 50 : max, windowS }];

export function limitsFor(stage: string): Record<LimitName, Rule[]> {
  return {
    // Each send is a message that costs money and brings new guesses.
    otp_send_destination: [
      { max: 1, windowS: 30 },
      { max: 5, windowS: 3600 },
    ],
    otp_send_address: perAddress(stage, 20, 3600),
    // Wrong codes per destination, over every code sent to it (a new code brings no new guesses).
    otp_wrong_destination: [{ max: 10, windowS: 3600 }],
    // Wrong current passwords when changing it, per account (signed in already).
    current_password_user: [{ max: 10, windowS: 900 }],
    // Sign-ups (each answer says whether an e-mail or number is taken), per client address.
    sign_up_address: perAddress(stage, 20, 3600),
    forgot_password_email: [{ max: 3, windowS: 3600 }],
    forgot_password_address: perAddress(stage, 20, 3600),
    // Per organisation and client address: wrong partner one-time codes.
    partner_code: [{ max: 5, windowS: 900 }],
    // Failed CRN auto-logins and partner-token sign-ins per client address.
    crn: perAddress(stage, 10, 900),
    partner_token: perAddress(stage, 20, 900),
    account_exists: perAddress(stage, 30, 3600),
    // Reads of the GrowthBook features payload (the SDK caches for 60 s) and telemetry posts (batched).
    feature_flags_address: perAddress(stage, 120, 60),
    telemetry_address: perAddress(stage, 120, 60),
    // Hand-off links to a company subdomain (docs/partner-handoff.md), per account and per address.
    partner_handoff_user: [{ max: 20, windowS: 600 }],
    partner_handoff_address: perAddress(stage, 60, 600),
    // Account changes that send a code (new e-mail or number, closing the account): per account and
    // per client address, on top of otp_send_destination for the address the code goes to.
    contact_change_user: [{ max: 5, windowS: 3600 }],
    contact_change_address: perAddress(stage, 20, 3600),
    account_close_user: [{ max: 3, windowS: 3600 }],
    account_close_address: perAddress(stage, 10, 3600),
    // The account PIN: wrong current PINs per account (four digits are few guesses; only the signed-in
    // person can try, so no per-address rule), and reset codes sent (on top of otp_send_destination for
    // the address the code goes to; the code itself counts otp_wrong_destination).
    pin_wrong_user: [{ max: 5, windowS: 900 }],
    pin_reset_code_user: [{ max: 3, windowS: 3600 }],
    pin_reset_code_address: perAddress(stage, 10, 3600),
    // Refused session-room entries (wrong link, someone else's session) per client address.
    room_join_failed_address: perAddress(stage, 20, 900),
    // A signed-in patient's refused entries (someone else's session, a guessed id), per account: a
    // patient's own room is never refused for what others behind their address did.
    room_join_failed_user: [{ max: 20, windowS: 900 }],
    // Coupon codes checked (validate, or a code given when paying), every check counted: codes are
    // secrets worth guessing. A patient tries a few; a guesser tries thousands.
    coupon_check_user: [{ max: 10, windowS: 900 }],
    coupon_check_address: perAddress(stage, 30, 900),
    // Gateway payment signatures checked (/payments/{uuid}/verify).
    payment_verify_user: [{ max: 10, windowS: 900 }],
    payment_verify_address: perAddress(stage, 30, 900),
    // Gateway webhook deliveries whose signature was refused, per client address. Only refusals count
    // (each delivery is reserved before its signature is compared, and a valid one gives its place back):
    // the gateway sends every payment's events from a few addresses of its own.
    payment_webhook_failed_address: perAddress(stage, 30, 900),
    // Google, Apple and Facebook tokens refused (forged, expired, another app's) per client address.
    social_sign_in_failed_address: perAddress(stage, 20, 900),
    // The SSO domain check answers for a domain, never for an account; still a list of customers
    // worth enumerating, so per client address.
    sso_domain_check_address: perAddress(stage, 60, 600),
    // Employer ID tokens refused per client address.
    sso_sign_in_failed_address: perAddress(stage, 20, 900),
    // Invoice and credit-note PDFs made (each one renders a document): a patient downloads a few.
    invoice_document_user: [{ max: 30, windowS: 600 }],
    invoice_document_address: perAddress(stage, 60, 600),
    // Files uploaded per account (the parent and its profiles together) and per client address; the
    // bytes per hour are a budget of their own (HAVEN_UPLOAD_HOURLY_MB, accounts/documents.ts).
    upload_account: [{ max: 20, windowS: 3600 }],
    upload_address: perAddress(stage, 60, 3600),
    // Proactive credential refreshes per account (a tab refreshes about once a fortnight).
    token_refresh_user: [{ max: 30, windowS: 3600 }],
    // Waitlists joined: each may later send an offer e-mail, so a join is a message sent later.
    waitlist_join_user: [{ max: 10, windowS: 3600 }],
    waitlist_join_address: perAddress(stage, 30, 3600),
    // Couple partners invited to a session (an e-mail and/or SMS to an address the patient typed).
    participant_invite_user: [{ max: 5, windowS: 3600 }],
    participant_invite_address: perAddress(stage, 20, 3600),
    // Invites one partner address receives, from every account together.
    participant_invite_destination: [{ max: 3, windowS: 86_400 }],
    // Declines and matching feedback take free text: bounded so nobody fills the tables.
    provider_decline_user: [{ max: 30, windowS: 3600 }],
    provider_decline_address: perAddress(stage, 60, 3600),
    matching_feedback_user: [{ max: 10, windowS: 3600 }],
    matching_feedback_address: perAddress(stage, 30, 3600),
    // Community usernames checked or saved: each answer says whether a name is taken (another person's
    // handle), so a list of them must not be read off one after another. A person picks a few.
    community_username_user: [{ max: 30, windowS: 600 }],
    community_username_address: perAddress(stage, 60, 600),
    // Each request to a care coordinator sends an e-mail and lands in a person's queue.
    coordinator_request_user: [{ max: 5, windowS: 3600 }],
    coordinator_request_address: perAddress(stage, 20, 3600),
    // Newsletter requests each send a confirm e-mail to the address typed: few per address a day, and
    // few per client address (the attempt is reserved before anything is looked up).
    newsletter_email: [{ max: 3, windowS: 86_400 }],
    newsletter_address: perAddress(stage, 10, 3600),
    // Confirm and unsubscribe links checked (signed proofs), per client address.
    newsletter_link_address: perAddress(stage, 30, 3600),
    // Lead forms: each stores free text and sends an acknowledgement to the address typed.
    lead_email: [{ max: 3, windowS: 3600 }],
    lead_address: perAddress(stage, 10, 3600),
    // Short link codes are short: resolved one after another, they must not be listable.
    short_link_address: perAddress(stage, 60, 600),
  };
}

/**
 * Failed password sign-ins, per e-mail + client address and per e-mail: locked after 10 in a row, for
 * 5 min, then 10, 20 ... up to 24 h. Never per address alone (an office or carrier NAT is one address
 * for many people). The lock per e-mail holds strangers only: an address the account signed in from
 * before still signs in with the right password, and the one-time code path is never locked by it.
 */
export const SIGN_IN_LOCKOUT: LockoutRule = { after: 10, baseS: 300, maxS: 24 * 3600 };
/** A refused password says how many tries are left once this few remain (`tries_left`), so the lock is never a surprise. */
export const SIGN_IN_WARN_TRIES_LEFT = 3;

/** Lifetimes of the api's proofs, in seconds. */
export const PROOF_TTL_S = {
  signUpVerification: 15 * 60,
  partnerProof: 30 * 60,
  /** A partner JWT may live at most this long (exp - iat). */
  partnerJwtMax: 5 * 60,
  resetPassword: 6 * 3600,
  oneTimeCode: 10 * 60,
} as const;
