import { useEffect, useState } from 'react';
import { Button, reportError, serverErrorMessage, Spinner, useHavenStore, type Provider, useApiRead } from '@haven/shared';
import {
  ancillaryFee,
  couponText,
  discountText,
  listingCoupons,
  priceText,
  sessionPrice,
  usePatientPricing,
  type PatientPricing,
} from '@haven/shared/booking-rules';
import { slotLabel } from '@haven/shared/session-times';
import { confirmBooking, createBooking, slotRefusal, type SlotRefusal } from '../api/booking-calls';
import { startTransaction, validateCoupon, type CouponCheck } from '../api/payment-calls';
import { bookWithPackage, fetchOrgPackage } from '../api/package-calls';
import type { BookingParams } from '../booking-params';
import { sessionSummary } from '../session-summary';
import { BookingSummary } from '../BookingSummary';
import { useListingCoupons } from '../../coupons/useListingCoupons';
import { priceLine } from '../../discovery/card-facts';
import { patientCurrency } from '../../discovery/standard-session';
import { usePartnerDraft } from '../../couple/usePartnerDraft';
import { useScheduleDiscounts } from '../../couple/useScheduleDiscounts';
import type { AncillaryAssessment } from '../../ancillary/ancillary-calls';

export const SLOT_TAKEN_MESSAGE = 'Sorry, someone else has just booked that time. Here are the times still free.';
export const SLOT_HELD_MESSAGE =
  'Another patient is paying for that time, so it is held for them for a few minutes. If they do not pay, it becomes free again. Here are the times still free.';
/** Booking a time the patient has already booked (Back after paying): it is theirs, nobody else's. */
export const OWN_BOOKING_MESSAGE = 'You have booked this time: it is yours.';
export const PAYMENT_NOT_DONE_MESSAGE = 'The payment did not go through, so nothing was booked. Your choices are kept: you can try again.';

interface Props {
  provider: Provider;
  /** Whom the booking is for ('you', or the acting profile's name). */
  forWhom: string | null;
  params: BookingParams & { mode: 'online' | 'offline'; slot: string; duration: number };
  zone: string;
  /** Shown when the patient comes back from a failed or abandoned payment. */
  notice: string | null;
  /** An ancillary assessment's offering (its fee; coupons and company packages are for sessions). */
  assessment?: AncillaryAssessment | null;
  onBooked(bookingUuid: string, paidWith: 'payment' | 'package' | 'free'): void;
  onPay(bookingUuid: string, transactionId: string): void;
  /** Told whether this checkout has a payment step, once known (a covered or free session has none). */
  onPaying?(paying: boolean): void;
  /** The time was taken, or is held by another patient's unpaid booking (`held`). */
  onTaken(held: boolean): void;
  /** Where the patient finishes paying a booking of theirs that holds a time. */
  finishPayingHref(bookingUuid: string): string;
}

const creditsLeftText = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'} left`;

/** "Covered by Acme Corp" and ₹0 (or $0 for a patient who pays in dollars), the card's words, for a covered session. */
function sponsoredLine(provider: Provider, pricing: PatientPricing): { covered: string; price: string } {
  const line = priceLine(provider, pricing);
  const company = line.kind === 'covered' ? line.company : 'your company';
  return { covered: `Covered by ${company}`, price: patientCurrency(pricing) === 'USD' ? '$0' : '₹0' };
}

/** Step 5: the summary, sign-in if needed, and the booking itself. */
export function ConfirmStep({
  provider,
  forWhom,
  params,
  zone,
  notice,
  assessment = null,
  onBooked,
  onPay,
  onPaying,
  onTaken,
  finishPayingHref,
}: Props) {
  const user = useHavenStore((s) => s.auth.user);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The patient's own holds stand in the way (this time already held by them, or their limit of unpaid holds). */
  const [holdRefusal, setHoldRefusal] = useState<SlotRefusal | null>(null);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<CouponCheck | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const listing = useListingCoupons();
  const label = slotLabel(params.slot, zone);
  const pricing = usePatientPricing();
  const here = `${window.location.pathname}${window.location.search}`;
  const partner = usePartnerDraft(provider.uuid);
  const discount = useScheduleDiscounts(provider.uuid, zone, null).get(params.slot) ?? null;
  // What the booking will charge before any coupon: the one price rule for this mode, session type and
  // time, in the patient's currency, the provider's offer applied ('Free' at 0). An assessment has its
  // own fee in its own currency.
  const sessionType = params.type === 'couple' ? 'couple' : 'individual';
  const session = assessment
    ? null
    : sessionPrice(
        provider,
        { mode: params.mode, sessionType, durationMinutes: params.duration, scheduleDiscountPercent: discount?.percent ?? 0 },
        pricing,
      );
  const assessmentFee = assessment
    ? ancillaryFee(
        { currency: assessment.currency, online_fee: assessment.online_fee, offline_fee: assessment.offline_fee, commercials: null },
        params.mode,
      )
    : null;
  const payable = assessment ? !!assessmentFee : !!session && session.total > 0;
  const chips = session && session.total > 0 ? listingCoupons(session.currency, listing.coupons, listing.enabled) : [];

  // B2B employees (usertype other than patient) may have a package that covers this provider.
  const b2b = Boolean(user && user.usertype !== 'patient');
  const pkg = useApiRead((signal) => (b2b ? fetchOrgPackage(signal) : Promise.resolve(null)), [b2b ? 'package' : 'none'], 'org-package');
  const covered =
    !assessment &&
    pkg.data &&
    pkg.data.is_package_client &&
    pkg.data.credits_left > 0 &&
    (provider.roles ?? []).some((r) => pkg.data!.covered_roles.includes(r));
  // Sponsored means ₹0 (DESIGN "Readings settled"): a covered session shows who pays and ₹0, and no coupon or payment step.
  const sponsored = covered ? sponsoredLine(provider, pricing) : null;
  // Until an employee's package is known, neither the payment nor the package way is offered (no flash of a price).
  const packageUnknown = b2b && !assessment && pkg.status === 'loading';
  // The time is already the patient's own booking: nothing is left to choose or pay here, only the link to it.
  const ownBooking = holdRefusal?.code === 'own_booking';
  // A signed-in patient paying for a session (no package known to cover it) is offered coupons.
  const offersCoupons = payable && !!user && !assessment && !covered && !packageUnknown;
  // Until the listing's codes are known, neither the coupon form nor the button shows: codes arriving under a
  // shown button pushed it down as it was tapped, and the tap landed beside it.
  const couponsUnknown = offersCoupons && !listing.settled;
  const paying = packageUnknown ? null : payable && !covered;
  useEffect(() => {
    if (paying !== null) onPaying?.(paying);
  }, [paying, onPaying]);

  const book = async (withPackage = false) => {
    const participant = params.type === 'couple' ? partner.check() : null;
    if (params.type === 'couple' && !participant) return;
    setBusy(true);
    setError(null);
    setHoldRefusal(null);
    try {
      // The booking holds the slot (pending) while the patient pays; a free session is confirmed at once.
      const booking = await createBooking({
        provider_uuid: provider.uuid,
        start_time: params.slot,
        mode: params.mode,
        session_type: params.type,
        duration_minutes: params.duration,
        ...(participant ? { participant } : {}),
        ...(params.mode === 'offline' && params.centre ? { clinic_centre_id: params.centre } : {}),
        location_timezone: pricing.locationZone,
      });
      if (withPackage) {
        await bookWithPackage(booking.uuid);
        onBooked(booking.uuid, 'package');
      } else if (booking.fee > 0) {
        const tx = await startTransaction(booking.uuid, coupon?.coupon.code);
        if (tx.status === 'paid')
          onBooked(booking.uuid, 'free'); // a coupon covered the whole fee
        else onPay(booking.uuid, tx.transaction_id);
      } else {
        await confirmBooking(booking.uuid);
        onBooked(booking.uuid, 'free');
      }
    } catch (e) {
      const refused = slotRefusal(e);
      if (
        refused?.code === 'own_booking' ||
        refused?.code === 'own_hold' ||
        refused?.code === 'hold_limit' ||
        refused?.code === 'provider_day_hold_limit'
      ) {
        setHoldRefusal(refused);
        setBusy(false);
        return;
      }
      if (refused) {
        onTaken(refused.code === 'slot_held');
        return;
      }
      reportError(e, { area: 'book-slot' });
      setError('We could not book this session. Nothing was booked; please try again.');
      setBusy(false);
    }
  };

  const applyCoupon = async (entered: string) => {
    setCouponError(null);
    try {
      setCoupon(
        await validateCoupon({
          code: entered.trim(),
          provider_uuid: provider.uuid,
          mode: params.mode,
          session_type: sessionType,
          location_timezone: pricing.locationZone,
          // The quote prices the time and length being booked (a discounted hour's price, as the booking will be).
          start_time: params.slot,
          duration_minutes: params.duration,
        }),
      );
    } catch (e) {
      setCoupon(null);
      const status = (e as { response?: { status?: number } }).response?.status;
      if (status !== 422) reportError(e, { area: 'coupon' });
      setCouponError(
        status === 422 ? (serverErrorMessage(e) ?? 'This coupon code is not valid.') : 'We could not check this coupon. Please try again.',
      );
    }
  };

  // The lines of the one price rule: the api's coupon quote once a coupon applies, else the session's price.
  const price = session
    ? coupon
      ? { lines: coupon.lines, total: coupon.amount, currency: coupon.currency }
      : { lines: session.lines, total: session.total, currency: session.currency }
    : null;
  return (
    <div className="hv-booking__layout">
      <BookingSummary
        providerName={`${provider.firstname} ${provider.lastname}`}
        when={label ? `${label.text} ${label.zone}` : params.slot}
        session={sessionSummary(params.type, params.mode, params.duration)}
        forWhom={forWhom}
        price={sponsored ? null : price}
        sponsored={session ? sponsored : null}
      />
      <section aria-labelledby="hv-confirm-heading" className="hv-booking__confirm">
        <h2 id="hv-confirm-heading" tabIndex={-1}>
          Check and book
        </h2>
        {discount && (
          <p className="hv-booking__count">
            <span className="hv-discount">{discountText(discount.percent)}</span> {discount.label}
          </p>
        )}
        {assessment && assessmentFee && (
          <dl className="hv-booking__summary">
            <div>
              <dt>Assessment</dt>
              <dd>{assessment.name}</dd>
            </div>
            <div>
              <dt>Fee</dt>
              <dd data-testid="confirm-fee">{assessmentFee.text}</dd>
            </div>
          </dl>
        )}
        {params.type === 'couple' && user && partner.fields}
        {offersCoupons && !couponsUnknown && !ownBooking && (
          <form
            className="hv-coupon"
            aria-label="Coupon"
            onSubmit={(e) => {
              e.preventDefault();
              if (code.trim()) void applyCoupon(code);
            }}
          >
            <label htmlFor="hv-coupon-code">Coupon code</label>
            <input
              id="hv-coupon-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              maxLength={40}
              autoComplete="off"
              aria-describedby="hv-coupon-result"
            />
            <Button type="submit" variant="secondary">
              Apply
            </Button>
            {chips.length > 0 && (
              <ul className="hv-coupon__list" aria-label="Coupons you can use">
                {chips.map((c) => (
                  <li key={c.code}>
                    <Button
                      variant="ghost"
                      onClick={() => {
                        setCode(c.code);
                        void applyCoupon(c.code);
                      }}
                    >
                      Use {couponText(c)}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <p id="hv-coupon-result" aria-live="polite" className="hv-coupon__result">
              {coupon &&
                `${coupon.coupon.code} applied: you pay ${priceText(coupon.amount, coupon.currency)} instead of ${priceText(coupon.fee, coupon.currency)}.`}
              {couponError}
            </p>
          </form>
        )}
        {notice && (
          <p role="alert" className="hv-booking__notice">
            {notice}
          </p>
        )}
        {error && <p role="alert">{error}</p>}
        {holdRefusal && (
          <p role="alert" className="hv-booking__notice" data-testid="hold-refusal">
            {holdRefusal.code === 'own_booking'
              ? `${OWN_BOOKING_MESSAGE} `
              : holdRefusal.code === 'own_hold'
                ? 'You are already holding this time, waiting for your payment. '
                : `${holdRefusal.message || 'You hold as many unpaid sessions as you can.'}. `}
            {holdRefusal.code === 'own_booking' && holdRefusal.bookingUuid ? (
              <a href={`/booking/session/${holdRefusal.bookingUuid}?tz=${encodeURIComponent(zone)}`}>See your booking</a>
            ) : holdRefusal.bookingUuid ? (
              <a href={finishPayingHref(holdRefusal.bookingUuid)}>Finish paying for it</a>
            ) : (
              <a href="/dashboard">See your sessions</a>
            )}
          </p>
        )}
        {ownBooking ? null : user && packageUnknown ? (
          <Spinner label="Checking your company package" />
        ) : couponsUnknown ? (
          <Spinner label="Checking your coupons" />
        ) : user && covered ? (
          <Button onClick={() => void book(true)} disabled={busy} aria-busy={busy}>
            {busy ? 'Booking…' : `Book with your company package (${creditsLeftText(pkg.data!.credits_left)})`}
          </Button>
        ) : user ? (
          <Button onClick={() => void book()} disabled={busy} aria-busy={busy}>
            {busy ? 'Booking…' : payable ? 'Continue to payment' : 'Book this session'}
          </Button>
        ) : (
          <p>
            <a className="hv-button-link" href={`/auth/log-in/?redirectPath=${encodeURIComponent(here)}`}>
              Log in to book
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
