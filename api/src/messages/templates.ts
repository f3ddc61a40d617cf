// Every message the api sends (SMS, WhatsApp, e-mail), worded here and nowhere else: one-time codes,
// the reset link, notices, invites and offers. Each answers the subject (e-mail) and the text (every
// channel). Only the product's own words and data go out: nothing a caller typed reaches a message.
import { JOIN_WINDOW_MINUTES, moneyText } from '@haven/rules';

export interface MessageText {
  subject: string;
  body: string;
}

export const signInCode = (code: string): MessageText => ({
  subject: 'Your Haven verification code',
  body: `${code} is your Haven verification code. It expires in 10 minutes.`,
});

export const accountLinkCode = (code: string): MessageText => ({
  subject: 'Your Haven verification code',
  body: `${code} is your Haven code to link a sign-in to your account. It expires in 10 minutes. If this was not you, ignore it: nothing is linked without it.`,
});

export const pinResetCode = (code: string): MessageText => ({
  subject: 'Reset your Haven PIN',
  body: `${code} is your code to reset your Haven PIN. It expires in 10 minutes. If you did not ask for this, ignore it.`,
});

export const accountCloseCode = (code: string): MessageText => ({
  subject: 'Closing your Haven account',
  body: `${code} is your code to close your Haven account for good. If you did not ask for this, change your password.`,
});

export const contactChangeCode = (code: string, kind: 'email' | 'phone'): MessageText => ({
  subject: 'Confirm your new Haven contact',
  body: `${code} is your code to confirm this ${kind === 'email' ? 'e-mail address' : 'number'} for your Haven account. It expires in 10 minutes.`,
});

export const resetPasswordLink = (link: string): MessageText => ({
  subject: 'Reset password instructions',
  body: `Reset your password: ${link}`,
});

/** To the holder of an address whose account had a password set before the address was proven. */
export const unprovenPasswordRemoved = (value: string, kind: 'email' | 'phone'): MessageText => ({
  subject: 'Your Haven account: password removed',
  // True for a squatter's account and for an owner who never confirmed: the password was set unconfirmed.
  body:
    `The password of the Haven account for ${value} had been set before ${kind === 'email' ? 'this address' : 'this number'} was confirmed. ` +
    'We removed that password and signed out every device. If that was not you, nothing of yours is lost; set a new password with "Forgot password" whenever you like.',
});

export const careCoordinatorReceived = (name: string, how: string): MessageText => ({
  subject: `Your message to ${name}`,
  body: `${name} has your message and will ${how} within one working day.`,
});

export const waitlistOffer = (name: string, when: string, until: string, link: string): MessageText => ({
  subject: `A time opened with ${name}`,
  body: `${name} has a free time on ${when}, held for you until ${until}. Book it in the app: ${link}`,
});

/**
 * The partner's invite to a couple session: the provider, the time and the place (all the product's data;
 * names the caller typed never reach it, so the invite cannot carry someone's text to any address).
 */
export const coupleSessionInvite = (
  provider: string,
  when: string,
  clinic: { centre_name: string; address: string; city: string; map_url: string } | null,
): MessageText => ({
  subject: 'A couple session was booked for you on Haven',
  body: `Hello, your partner booked a couple session for you both with ${provider} on ${when}, ${
    clinic
      ? `at ${clinic.centre_name}, ${clinic.address}, ${clinic.city}. Map: ${clinic.map_url}`
      : `online, by video: join together from your partner's Haven app, ${JOIN_WINDOW_MINUTES} minutes before the start`
  }.`,
});

/**
 * The receipt of a paid session, with its invoice number (the invoice itself is downloaded in the app); the
 * amount in the one money format of every screen and the invoice.
 */
export const paymentReceipt = (r: {
  invoiceNumber: string;
  amount: number;
  currency: string;
  provider: string;
  when: string;
}): MessageText => ({
  subject: `Your Haven receipt ${r.invoiceNumber}`,
  body:
    `We received ${moneyText(r.amount, r.currency)} for your session with ${r.provider} on ${r.when}. ` +
    `Invoice ${r.invoiceNumber}: download it from Payments in the app.`,
});

/** Double opt-in: the confirm link, and the way out for someone who never asked. */
export const newsletterConfirm = (confirmLink: string, unsubscribeLink: string): MessageText => ({
  subject: 'Confirm your Haven newsletter subscription',
  body:
    `Someone asked to send the Haven newsletter to this address. To confirm, open ${confirmLink} (the link works for 3 days). ` +
    `If this was not you, ignore this e-mail: nothing is sent without it. Never want these? ${unsubscribeLink}`,
});

export const newsletterWelcome = (unsubscribeLink: string): MessageText => ({
  subject: 'You are subscribed to the Haven newsletter',
  body: `Thank you: the Haven newsletter will come to this address. Unsubscribe at any time: ${unsubscribeLink}`,
});

const LEAD_TOPICS: Record<'b2b' | 'careers' | 'college' | 'case_study' | 'cf', string> = {
  b2b: 'Haven for your organisation',
  careers: 'working at Haven',
  college: 'Haven for your college',
  case_study: 'a Haven case study',
  cf: 'the Children First programme',
};

/** The acknowledgement of a lead form: the topic only (the visitor's words never go into a message). */
export const leadReceived = (kind: keyof typeof LEAD_TOPICS): MessageText => ({
  subject: 'We received your message',
  body: `Thank you for writing to us about ${LEAD_TOPICS[kind]}. Someone from our team will reply within two working days.`,
});
