import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BackControl, Button, PageFrame, Spinner, eventBus, bookingLink, useApiRead } from '@haven/shared';
import { useBookingOptions } from '@haven/shared/booking-rules';
import { LoadFailed } from '@haven/shared/design';
import { usePatientZone, isValidTimeZone } from '@haven/shared/session-times';
import { PlanNotice } from '../planvis/PlanNotice';
import { planRefusal } from '../planvis/plan-refusal';
import { fetchProvider } from '../discovery/api/search-providers';
import { LAST_STEP, STEPS, readBookingParams, shownSteps, withBookingParams, type BookingParams } from './booking-params';
import { clearProviderInCart, readProviderInCart, writeProviderInCart } from './provider-in-cart';
import { SessionStep, onlySessionChoice } from './steps/SessionStep';
import { DurationStep, useOfferedDurations } from './steps/DurationStep';
import { BookingSummary } from './BookingSummary';
import { useBookingFor } from './useBookingFor';
import { sessionSummary } from './session-summary';
import { DateStep } from './steps/DateStep';
import { TimeStep } from './steps/TimeStep';
import { ConfirmStep, PAYMENT_NOT_DONE_MESSAGE, SLOT_HELD_MESSAGE, SLOT_TAKEN_MESSAGE } from './steps/ConfirmStep';
import { PaymentStep } from './steps/PaymentStep';
import { DoneStep } from './steps/DoneStep';
import { writePartnerDraft } from '../couple/partner-draft';
import { asAssessmentProvider, useAncillaryOffering } from '../ancillary/useAncillaryOffering';
import { useChildConsent } from './child-consent/useChildConsent';
import { ChildConsentStep } from './child-consent/ChildConsentStep';
import './booking.css';

/** Steps 2 to 5 have a back control to the step before, choices kept (payment and booked have their own ways out). */
const CONFIRM_STEP = 5;
/** Date (3) and time (4) are one screen: the day strip, and the day's times under it once a day is chosen. */
const DATE_STEP = 3;

/**
 * Moves focus to the new step's heading when the step changes (not on the first render: the page's
 * own heading has it then). The heading may come after a load, so it is awaited for a moment.
 */
function useStepHeadingFocus(step: number | string, box: React.RefObject<HTMLDivElement | null>) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = box.current;
    if (!root) return;
    const find = () => root.querySelector<HTMLElement>('h2[data-step-heading]') ?? root.querySelector<HTMLElement>('section h2, form h2');
    const focus = (h: HTMLElement) => {
      if (!h.hasAttribute('tabindex')) h.tabIndex = -1;
      h.focus();
    };
    const now = find();
    if (now) return focus(now);
    const watch = new MutationObserver(() => {
      const h = find();
      if (h) {
        watch.disconnect();
        focus(h);
      }
    });
    watch.observe(root, { childList: true, subtree: true });
    const stop = setTimeout(() => watch.disconnect(), 10_000);
    return () => {
      watch.disconnect();
      clearTimeout(stop);
    };
  }, [step, box]);
}

/** /booking: one step per URL (`step=`), the choices in the query, the provider kept in providerInCart. */
export function BookingFlow() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = readBookingParams(location.search);
  const { zone: patientZone } = usePatientZone();
  const zone = params.tz && isValidTimeZone(params.tz) ? params.tz : patientZone;
  const providerUuid = params.provider ?? readProviderInCart()?.uuid ?? null;

  // the booking-link rule (product rules, Routes and redirects): step=1 when none is given, the stored company as `company`.
  const linked = bookingLink(`${location.pathname}${location.search}`, localStorage.getItem('company'));
  const needsLink = linked !== `${location.pathname}${location.search}` || (!params.provider && providerUuid !== null);
  useEffect(() => {
    if (!needsLink) return;
    const q = new URLSearchParams(linked.split('?')[1] ?? '');
    if (!q.get('provider') && providerUuid) q.set('provider', providerUuid);
    navigate({ pathname: location.pathname, search: `?${q.toString()}` }, { replace: true });
  }, [needsLink, linked, providerUuid, navigate, location.pathname]);

  const provider = useApiRead(
    (signal) => (providerUuid ? fetchProvider(providerUuid, signal) : Promise.reject(new Error('no provider'))),
    [providerUuid ?? 'none'],
    'booking-provider',
  );
  useEffect(() => {
    if (provider.data && params.step < LAST_STEP) writeProviderInCart(provider.data);
  }, [provider.data, params.step]);

  const go = (step: number, patch: Partial<Record<keyof BookingParams, string | number | null>> = {}, state?: unknown) =>
    navigate({ pathname: location.pathname, search: withBookingParams(location.search, { ...patch, step }) }, { state });
  const setZone = (tz: string) =>
    navigate({ pathname: location.pathname, search: withBookingParams(location.search, { tz }) }, { replace: true });
  const flags = (location.state ?? {}) as { taken?: boolean; held?: boolean; notPaid?: boolean; paidNothing?: boolean };
  // Whether this checkout has a payment step: the Confirm step knows (price, company package); the
  // Booked step keeps the answer in the history entry, so a reload does not bring Payment back.
  const [paying, setPaying] = useState(!flags.paidNothing);
  // Finishing the payment of a held booking keeps the choices in the URL (Back from the checkout finds them).
  const finishPayingHref = (booking: string) => `${location.pathname}${withBookingParams(location.search, { step: 6, booking, tx: null })}`;
  const booked = (uuid: string, paidWith: 'payment' | 'package' | 'free') => {
    if (providerUuid) eventBus.emit('booking:booked', { booking_uuid: uuid, provider_uuid: providerUuid, paid_with: paidWith });
    // A profile event (product rules, Attribution and analytics): a couple session was booked with the partner on it.
    if (params.type === 'couple') eventBus.emit('profile:event', { name: 'couple_therapist' });
    // A profile event (product rules, Attribution and analytics): an ancillary assessment was booked.
    if (params.type === 'ancillary_assessment') eventBus.emit('profile:event', { name: 'ancillary_assessment' });
    if (providerUuid) writePartnerDraft(providerUuid, null);
    clearProviderInCart();
    go(LAST_STEP, { booking: uuid, tx: null, tz: zone }, paidWith === 'payment' || paying ? undefined : { paidNothing: true });
  };

  // Plan visibility (product rules, Plan visibility): a link to what the plan excludes (a role, a provider, in clinic, a city) gets a clear notice.
  const plan = useBookingOptions();
  const asked = new URLSearchParams(location.search);
  const refusal =
    plan.ready && params.step < LAST_STEP
      ? planRefusal(plan.options, {
          role: asked.get('role'),
          city: asked.get('city'),
          mode: params.mode,
          providerRoles: provider.data?.roles ?? null,
        })
      : null;

  // An assessment has its own modes, fee and length (no length step); null when not an assessment.
  const assessing = params.type === 'ancillary_assessment';
  const ancillary = useAncillaryOffering(assessing ? providerUuid : null);
  // A step with one choice is made for the patient (and Back passes over it): online only with no couple
  // session, or one offered length. Known once the provider, the plan and the lengths are.
  const durations = useOfferedDurations(assessing ? null : providerUuid);
  const p0 = provider.data;
  const oneSession =
    p0 && plan.ready ? onlySessionChoice(ancillary.offering ? asAssessmentProvider(p0, ancillary.offering) : p0, plan.options) : false;
  const oneLength = assessing || (durations.data?.length ?? 0) === 1;
  const asks = { 1: !oneSession, 2: !oneLength };
  const backFrom = (step: number): number | null => {
    if (step === CONFIRM_STEP) return 4;
    for (let s = Math.min(step, DATE_STEP) - 1; s >= 1; s--) if (s >= DATE_STEP || asks[s as 1 | 2]) return s;
    return null;
  };
  const back = backFrom(params.step);
  const early = params.step < CONFIRM_STEP;
  const skipTo =
    !refusal && p0 && plan.ready && !ancillary.loading && early
      ? (params.step === 1 || !params.mode) && oneSession
        ? ancillary.offering
          ? { step: Math.max(params.step, 3), mode: 'online', centre: null, duration: ancillary.offering.duration_minutes }
          : { step: Math.max(params.step, 2), mode: 'online', type: 'individual', centre: null }
        : !assessing && params.mode && (params.step === 2 || !params.duration) && durations.data?.length === 1
          ? { step: Math.max(params.step, 3), duration: durations.data[0]! }
          : null
      : null;
  useEffect(() => {
    // Replaced, not pushed: Back in the browser passes over the step that asked nothing.
    if (skipTo)
      navigate(
        { pathname: location.pathname, search: withBookingParams(location.search, skipTo) },
        { replace: true, state: location.state },
      );
  }, [skipTo ? JSON.stringify(skipTo) : null]); // eslint-disable-line react-hooks/exhaustive-deps
  const forWhom = useBookingFor();
  // A child's consents come first, before anything is chosen or held: the parent gives them here.
  const childConsent = useChildConsent();
  const [consentsGiven, setConsentsGiven] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Giving them moves focus to the step that follows, as a step change does.
  useStepHeadingFocus(`${params.step}:${consentsGiven}`, box);
  const steps = shownSteps({ session: asks[1], length: asks[2] }, paying);
  const currentShown = params.step === 4 ? 3 : params.step;

  const title = provider.data ? `Book with ${provider.data.firstname} ${provider.data.lastname}` : 'Book a session';
  let body: React.ReactNode;
  const consent = childConsent.state;
  if (params.step < 6 && consent.status === 'checking') {
    body = <Spinner label="Checking consents" />;
  } else if (params.step < 6 && consent.status === 'failed') {
    body = (
      <p role="alert">
        We could not check this profile&apos;s consents.{' '}
        <Button variant="ghost" onClick={consent.retry}>
          Try again
        </Button>
      </p>
    );
  } else if (params.step < 6 && consent.status === 'needed') {
    body = (
      <ChildConsentStep
        name={consent.name}
        onGiven={() => {
          childConsent.given();
          setConsentsGiven(true);
        }}
      />
    );
  } else if (refusal) {
    body = <PlanNotice message={refusal} options={plan.options} />;
  } else if (!providerUuid) {
    body = (
      <p>
        Choose a provider first. <a href="/providers">Find a provider</a>
      </p>
    );
  } else if (provider.error) {
    body = <LoadFailed what="This provider" retry={provider.retry} />;
  } else if (assessing && ancillary.error) {
    body = <LoadFailed what="This assessment" retry={ancillary.retry} />;
  } else if (!provider.data || !plan.ready || ancillary.loading || skipTo) {
    body = <Spinner label="Loading" />;
  } else if (assessing && !ancillary.offering) {
    body = (
      <p role="alert">
        {provider.data.firstname} {provider.data.lastname} offers no assessment in your plan.{' '}
        <a href="/booking/ancillary-assessment">See the assessments</a>
      </p>
    );
  } else {
    const p = provider.data;
    const { step, mode, duration, date, slot } = params;
    if (step === LAST_STEP && params.booking) {
      // Booked: the booking alone decides (a hold paid from its link carries no slot in the address).
      body = <DoneStep bookingUuid={params.booking} zone={zone} />;
    } else if (step === 6 && params.booking) {
      // The checkout reads the booking from the api: a paid one says so (Back after paying, a reload).
      // A failed or abandoned payment cancelled the pending booking: back to Confirm, choices kept.
      body = (
        <PaymentStep
          bookingUuid={params.booking}
          transactionId={params.tx}
          zone={zone}
          forWhom={forWhom}
          onPaid={() => booked(params.booking!, 'payment')}
          onNotPaid={(outcome) => {
            eventBus.emit('booking:payment_failed', { booking_uuid: params.booking!, outcome });
            go(5, { booking: null, tx: null }, { notPaid: true });
          }}
          onStartAgain={() => go(4, { booking: null, tx: null, slot: null })}
        />
      );
    } else if (step === 1 || !mode) {
      const a = ancillary.offering;
      body = a ? (
        <SessionStep
          provider={asAssessmentProvider(p, a)}
          params={params}
          onNext={(c) => go(3, { mode: c.mode, type: params.type, centre: c.centre, duration: a.duration_minutes })}
        />
      ) : (
        <SessionStep provider={p} params={params} onNext={(c) => go(2, { mode: c.mode, type: c.type, centre: c.centre })} />
      );
    } else if (step === 2 || !duration) {
      body = <DurationStep durations={durations} selected={duration} onNext={(m) => go(3, { duration: m })} />;
    } else if (step === 3 || step === 4 || !date || !slot) {
      // Date and time on one screen: the day strip, and under it the chosen day's times.
      body = (
        <div className="hv-booking__layout">
          <BookingSummary
            providerName={`${p.firstname} ${p.lastname}`}
            when={null}
            session={sessionSummary(params.type, mode, duration ?? undefined)}
            forWhom={forWhom}
            price={null}
          />
          <div className="hv-booking__datetime">
            <DateStep
              providerUuid={p.uuid}
              providerName={`${p.firstname} ${p.lastname}`}
              zone={zone}
              selected={date}
              onZone={setZone}
              onPick={(d) => go(4, { date: d, slot: null })}
            />
            {date && (
              <TimeStep
                providerUuid={p.uuid}
                date={date}
                zone={zone}
                notice={flags.held ? SLOT_HELD_MESSAGE : flags.taken ? SLOT_TAKEN_MESSAGE : null}
                finishPayingHref={finishPayingHref}
                zonePicker={false}
                onZone={setZone}
                onPick={(s) => go(5, { slot: s })}
              />
            )}
          </div>
        </div>
      );
    } else if (step === 5 || !params.booking) {
      body = (
        <ConfirmStep
          provider={p}
          forWhom={forWhom}
          params={{ ...params, mode, slot, duration }}
          zone={zone}
          notice={flags.notPaid ? PAYMENT_NOT_DONE_MESSAGE : null}
          assessment={ancillary.offering}
          onBooked={booked}
          onPaying={setPaying}
          onPay={(booking, tx) => go(6, { booking, tx })}
          onTaken={(held) => go(4, { slot: null }, held ? { held: true } : { taken: true })}
          finishPayingHref={finishPayingHref}
        />
      );
    } else {
      body = <DoneStep bookingUuid={params.booking} zone={zone} />;
    }
  }

  return (
    <PageFrame title={title} app="mfe-booking" pathname={location.pathname}>
      <ol className="hv-booking__steps" aria-label="Booking steps">
        {steps.map((x) => (
          <li key={x.name} aria-current={currentShown === x.n ? 'step' : undefined}>
            {x.name}
          </li>
        ))}
      </ol>
      {back !== null && params.step > 1 && params.step <= CONFIRM_STEP && provider.data ? (
        <BackControl>
          <Button variant="ghost" className="hv-booking__back" onClick={() => go(back)}>
            Back to {back === 4 ? 'date and time' : STEPS[back - 1]?.toLowerCase()}
          </Button>
        </BackControl>
      ) : null}
      <div ref={box}>{body}</div>
    </PageFrame>
  );
}
