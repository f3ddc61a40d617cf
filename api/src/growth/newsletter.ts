// The newsletter, with double opt-in: a request sends a confirm link to the address; only the link's
// holder confirms it. Every request answers the same whether the address is new, pending, confirmed or
// has an account (nothing tells a stranger about someone's address); a confirmed address gets no second
// e-mail. Confirm and unsubscribe links are signed proofs naming the address and what they are for.
import type { Db } from '../db/index.js';
import { deliver } from '../core/outbox.js';
import { newsletterConfirm, newsletterWelcome } from '../messages/index.js';
import { signProof, verifyProof } from '../core/signed-proofs.js';

export const NEWSLETTER_CONFIRM_TTL_S = 3 * 24 * 3600;
/** An unsubscribe link in an old issue keeps working for a year. */
export const NEWSLETTER_UNSUBSCRIBE_TTL_S = 365 * 24 * 3600;

/** The query parameter of the e-mailed links (not `token`: that one is the web client's sign-in token). */
export const NEWSLETTER_LINK_PARAM = 'newsletter_token';

const link = (webOrigin: string, page: 'confirm' | 'unsubscribe', token: string) =>
  `${webOrigin}/newsletter/${page}?${new URLSearchParams({ [NEWSLETTER_LINK_PARAM]: token }).toString()}`;

const unsubscribeLink = async (secret: string, webOrigin: string, email: string) =>
  link(webOrigin, 'unsubscribe', await signProof(secret, 'newsletter-unsubscribe', email, NEWSLETTER_UNSUBSCRIBE_TTL_S));

/** A subscription request for `email` (lower-cased); the confirm e-mail is written with the row. */
export async function requestSubscription(db: Db, secret: string, webOrigin: string, email: string): Promise<void> {
  const confirm = link(webOrigin, 'confirm', await signProof(secret, 'newsletter-confirm', email, NEWSLETTER_CONFIRM_TTL_S));
  const unsubscribe = await unsubscribeLink(secret, webOrigin, email);
  await db.tx(async (q) => {
    const [row] = await q.query<{ status: string }>(
      `INSERT INTO newsletter_subscriptions (email, status) VALUES ($1, 'pending')
         ON CONFLICT (email) DO UPDATE SET status = CASE WHEN newsletter_subscriptions.status = 'confirmed' THEN 'confirmed' ELSE 'pending' END
         RETURNING status`,
      [email],
    );
    if (row?.status === 'confirmed') return;
    await deliver(q, { channel: 'email', to: email, ...newsletterConfirm(confirm, unsubscribe) });
  });
}

/** Confirms the address a confirm link names; null for a link that is forged, expired or made for something else. */
export async function confirmSubscription(db: Db, secret: string, webOrigin: string, token: string): Promise<string | null> {
  const email = await verifyProof(secret, 'newsletter-confirm', token);
  if (!email) return null;
  const unsubscribe = await unsubscribeLink(secret, webOrigin, email);
  await db.tx(async (q) => {
    // Locked: two clicks at once on the same link send one welcome.
    const [prev] = await q.query<{ status: string }>(`SELECT status FROM newsletter_subscriptions WHERE email = $1 FOR UPDATE`, [email]);
    await q.query(
      `INSERT INTO newsletter_subscriptions (email, status, confirmed_at) VALUES ($1, 'confirmed', now())
         ON CONFLICT (email) DO UPDATE SET status = 'confirmed', confirmed_at = now(), unsubscribed_at = NULL
         WHERE newsletter_subscriptions.status <> 'confirmed'`,
      [email],
    );
    // The welcome (with the way out) once, not again for a second click on the same link.
    if (prev?.status !== 'confirmed') await deliver(q, { channel: 'email', to: email, ...newsletterWelcome(unsubscribe) });
  });
  return email;
}

/** Unsubscribes the address an unsubscribe link names; null for a link that is forged, expired or made for something else. */
export async function unsubscribe(db: Db, secret: string, token: string): Promise<string | null> {
  const email = await verifyProof(secret, 'newsletter-unsubscribe', token);
  if (!email) return null;
  await db.query(
    `UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = now() WHERE email = $1 AND status <> 'unsubscribed'`,
    [email],
  );
  return email;
}

export async function subscriptionStatus(db: Db, email: string): Promise<string | null> {
  const [row] = await db.query<{ status: string }>(`SELECT status FROM newsletter_subscriptions WHERE email = $1`, [email]);
  return row?.status ?? null;
}
