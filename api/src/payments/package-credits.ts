// Spending a package credit: a pending booking of a covered provider is confirmed with no payment.
import { HttpError, unprocessable } from '../core/http.js';
import type { Queryable } from '../db/index.js';
import { bookingById, ownBooking, transition, type BookingRow } from '../bookings/index.js';
import { providerById } from '../providers/index.js';
import { accountOrganisation, coveredRolesOf, packageOf } from './packages.js';
import { keptInputs, lockAccount, price } from './pricing.js';

/**
 * Confirms the user's own pending booking with one of the account's package credits, under the
 * account's lock (credits are counted and spent one confirmation at a time, in every process). The price
 * rule with the credit: its lines say the package paid. Returns the confirmed booking. Call it inside a
 * transaction.
 */
export async function confirmWithPackage(q: Queryable, uuid: string, userId: number, account: number, now: number): Promise<BookingRow> {
  await lockAccount(q, account);
  const b = await ownBooking(q, uuid, userId);
  if (b.status !== 'pending' && b.status !== 'suggested') throw new HttpError(409, `Cannot use a package for a ${b.status} booking`);
  const organisation = await accountOrganisation(q, account);
  const p = await packageOf(q, organisation, account);
  if (!p) throw unprocessable('No package for this account');
  const covered = await coveredRolesOf(q, { id: account, organisation_id: organisation }, p.row.package_for);
  if (!b.p_roles.some((r) => covered.includes(r))) throw unprocessable('Your package does not cover this provider');
  // A package pays for sessions (what its card lists): the price rule below refuses a credit for an assessment.
  if (p.credits_left < 1) throw new HttpError(409, 'No package sessions left', { code: 'no_credits' });
  const inputs = await keptInputs(q, b, await providerById(q, b.provider_id));
  const priced = price(inputs, null, true);
  await transition(q, b.id, 'confirm_package', now, {
    set: 'fee = 0, org_package_id = $3, price_lines = $4, hold_until = NULL',
    params: [p.row.id, JSON.stringify({ inputs: { ...inputs, coupon: null, packageCredit: true }, price: priced })],
  });
  await q.query(
    `INSERT INTO package_credit_uses (booking_id, account_id, org_package_id, credits, created_at) VALUES ($1, $2, $3, 1, $4)`,
    [b.id, account, p.row.id, new Date(now).toISOString()],
  );
  return bookingById(q, b.id);
}
