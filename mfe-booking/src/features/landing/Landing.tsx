import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterPagePainted, PageFrame, useHavenStore } from '@haven/shared';
import { useBookingOptions } from '@haven/shared/booking-rules';
import { offeredCareTiles } from '../planvis/care-tiles';
import './Landing.css';

// A signed-in patient's next session (with the time-zone entry it needs) loads only for them: never part of a
// visitor's first paint. Until it answers the slot says "Go to my care".
const MyCareLink = lazy(() => import('./MyCareLink').then((m) => ({ default: m.MyCareLink })));

// The newsletter form and the "Sessions from" price (with the provider list it reads) load once the
// landing has painted: never part of its first paint.
const afterPaintParts = () => import('./after-paint-parts');
const NewsletterForm = lazy(() => afterPaintParts().then((m) => ({ default: m.NewsletterForm })));
const PricesFrom = lazy(() => afterPaintParts().then((m) => ({ default: m.PricesFrom })));

function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterPagePainted().then(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, []);
  return painted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function GoToMyCare() {
  return (
    <a className="hv-landing__secondary" href="/dashboard">
      Go to my care
    </a>
  );
}

/**
 * The other calls to action: a signed-in visitor gets a way to their care, a signed-out one 'Create an
 * account' beside 'Log in'. While the session is being checked the slot keeps its size but shows nothing,
 * so nothing jumps and a signed-in patient never sees 'Log in' for a moment.
 */
function SecondaryActions() {
  const signedIn = useHavenStore((state) => state.auth.user !== null);
  const checking = useHavenStore((state) => state.auth.loading);
  if (signedIn)
    return (
      <li>
        <Suspense fallback={<GoToMyCare />}>
          <MyCareLink />
        </Suspense>
      </li>
    );
  return (
    <>
      <li>
        <a className="hv-landing__secondary" href="/auth/sign-up" hidden={checking} data-checking={checking || undefined}>
          Create an account
        </a>
      </li>
      <li>
        <a className="hv-landing__secondary" href="/auth/log-in/" hidden={checking} data-checking={checking || undefined}>
          Log in
        </a>
      </li>
    </>
  );
}

/** The landing paths / and /therapy-psychiatry/ (product rules, Routes and redirects). */
export function Landing({ focus }: { focus: 'home' | 'therapy-psychiatry' }) {
  const title = focus === 'home' ? 'Care for your mind, when you need it' : 'Therapy and psychiatry, online or in clinic';
  const signedIn = useHavenStore((state) => state.auth.user !== null);
  const { options, ready } = useBookingOptions();
  return (
    <PageFrame
      title={title}
      description="Book therapy, psychiatry, couples therapy or coaching with licensed professionals."
      app="mfe-booking"
    >
      <p className="hv-landing__lead">Talk to a therapist, psychiatrist, couples therapist or coach, online or at one of our clinics.</p>
      <ul className="hv-landing__actions">
        <li>
          <a className="hv-landing__cta" href="/providers">
            {signedIn ? 'Book a session' : 'Find a provider'}
          </a>
        </li>
        <SecondaryActions />
      </ul>
      {/* Its line is kept while the price loads: nothing below it moves. */}
      <p className="hv-landing__prices">
        <AfterPaint>
          <PricesFrom />
        </AfterPaint>
      </p>
      <section aria-labelledby="hv-landing-how">
        <h2 id="hv-landing-how">How it works</h2>
        <ol className="hv-landing__steps">
          <li>
            <strong>Find your person.</strong> See each clinician's qualifications, languages, approach and next free times, or answer a few
            questions and we suggest a match.
          </li>
          <li>
            <strong>Book a time that suits you.</strong> Online from home, or at one of our clinics. You see the full price before you pay.
          </li>
          <li>
            <strong>Meet and keep going.</strong> Join from your browser or the app. Between sessions, care tools, a journal and check-ins
            help you keep track.
          </li>
        </ol>
      </section>
      <section aria-labelledby="hv-landing-clinicians">
        <h2 id="hv-landing-clinicians">Who you will talk to</h2>
        <p>
          Therapists, psychiatrists, couples therapists and coaches, each with their qualification and registration on their profile.{' '}
          <a href="/providers">Meet our clinicians</a>
        </p>
      </section>
      <section aria-labelledby="hv-landing-privacy">
        <h2 id="hv-landing-privacy">Your privacy</h2>
        <ul>
          <li>Your answers, notes and results are shown only to you and the clinicians caring for you.</li>
          <li>Chat in a session is encrypted end to end: only you and your clinician can read it.</li>
          <li>You can download your invoices and close your account whenever you choose.</li>
        </ul>
      </section>
      <section aria-labelledby="hv-landing-care">
        <h2 id="hv-landing-care">Ways we can help</h2>
        {/* Until the plan is known the tiles keep their place but are not shown (no tile the plan excludes, even for a moment). */}
        <ul className="hv-landing__care" data-checking={ready ? undefined : true} aria-busy={!ready || undefined}>
          {offeredCareTiles(options).map(({ label, href }) => (
            <li key={href}>
              <a href={href}>{label}</a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="hv-landing-organisations">
        <h2 id="hv-landing-organisations">For organisations</h2>
        <p>
          Care for your employees or students. <a href="/for-organisations">Talk to us about Haven for your organisation</a>.
        </p>
      </section>
      <section className="hv-landing__newsletter" aria-labelledby="hv-landing-newsletter">
        <h2 id="hv-landing-newsletter">Newsletter</h2>
        <p>Ideas for looking after your mind, once a month. We send a link to confirm first.</p>
        {/* The box keeps its size while the form loads: nothing below it moves. */}
        <AfterPaint>
          <NewsletterForm />
        </AfterPaint>
      </section>
    </PageFrame>
  );
}
