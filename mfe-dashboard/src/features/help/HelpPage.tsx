// /help: how to reach a person. Open to everyone (signed in or not); the contacts come from
// the runtime config (the person's country's own first), so a deployment changes them without a rebuild. Crisis help stays in the bar above.
import { CopyButton, CRISIS_HELP_LABEL, configuredSupportContacts, PageFrame, SUPPORT_ANCHOR, useHelplineCountry } from '@haven/shared';
import { useLocation } from 'react-router-dom';
import './HelpPage.css';

export function HelpPage() {
  const { pathname } = useLocation();
  const contacts = configuredSupportContacts(useHelplineCountry());
  return (
    <PageFrame
      title="Help and support"
      description="How to reach the Haven support team, and where to find crisis help."
      app="mfe-dashboard"
      pathname={pathname}
    >
      <section className="hv-help__card" aria-labelledby="help-emergency">
        <h2 id="help-emergency">In an emergency</h2>
        <p>
          Haven is not an emergency service. If you or someone near you is in danger, call your local emergency number now. The{' '}
          <strong>{CRISIS_HELP_LABEL}</strong> button at the top of every page lists free helplines for your country.
        </p>
      </section>
      <section className="hv-help__card" id={SUPPORT_ANCHOR} aria-labelledby="help-support">
        <h2 id="help-support">Contact the support team</h2>
        {contacts.length > 0 ? (
          <>
            <p>For bookings, payments, your account or anything that is not working. We answer on working days.</p>
            <ul className="hv-help__contacts">
              {contacts.map((c) => (
                <li key={c.kind}>
                  <span className="hv-help__label">{c.label}</span>
                  <a className="hv-help__value" href={c.href}>
                    {c.value}
                  </a>
                  <CopyButton value={c.value} label={c.label} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status">Support contacts are not set up for this site yet. Please try again later.</p>
        )}
      </section>
    </PageFrame>
  );
}
