import { useEffect } from 'react';
import { loadAppVisibility, loadCfBookingConfigs, PARTNER_CARD_DASHBOARD_PATH, useHavenStore } from '@haven/shared';
import { addedMembersSummary } from '@haven/shared/dashboard-rules';
import { PartnerPage } from '../company/PartnerPage';
import { useCompanySite } from '../company/useCompanySite';
import { PackageCard } from '../package/PackageCard';
import { usePartnerPackage } from '../package/usePartnerPackage';

/** /org/dashboard: where business users land after login (product rules, Routes and redirects). */
export function OrgDashboard() {
  const pkg = usePartnerPackage();
  const { meta } = useCompanySite();
  const visibility = useHavenStore((s) => s.appConfig.appVisibility);
  const isCfUser = useHavenStore((s) => s.appConfig.isCfUser);
  const cfConfig = useHavenStore((s) => s.appConfig.cfUserConfig);
  const members = addedMembersSummary(visibility);

  useEffect(() => {
    void loadAppVisibility();
    // Product rules, Partners and business users: cancellable; leaving the page cancels it, and a cancelled request is ignored silently.
    const controller = new AbortController();
    void loadCfBookingConfigs(controller.signal);
    return () => controller.abort();
  }, []);

  return (
    <PartnerPage title="Your care benefits" description="Sessions and care your organisation sponsors for you.">
      <ul className="hv-partner__cards">
        <PackageCard state={pkg} />
        {isCfUser && cfConfig ? (
          <li className="hv-partner__card" aria-labelledby="cf-heading">
            <h2 id="cf-heading">Your corporate care plan</h2>
            <dl className="hv-partner__facts">
              <dt>Sessions a year</dt>
              <dd>{String(cfConfig.sessions_per_year ?? '')}</dd>
              <dt>First step</dt>
              <dd>{cfConfig.requires_intake ? 'An intake session with a care specialist' : 'Book any covered provider'}</dd>
            </dl>
          </li>
        ) : null}
        {members ? (
          <li className="hv-partner__card" aria-labelledby="members-heading">
            <h2 id="members-heading">Family members</h2>
            <p data-testid="members-cap">{members.text}</p>
          </li>
        ) : null}
        <li className="hv-partner__card" aria-labelledby="next-heading">
          <h2 id="next-heading">What you can do</h2>
          <ul>
            {meta?.feature_flags.show_card_dashboard ? (
              <li>
                <a href={PARTNER_CARD_DASHBOARD_PATH}>Open your care dashboard</a>
              </li>
            ) : null}
            <li>
              <a href="/dashboard">Your sessions</a>
            </li>
            <li>
              <a href="/care-tools">Care tools</a>
            </li>
            <li>
              <a href="/providers">Find a provider</a>
            </li>
          </ul>
        </li>
      </ul>
    </PartnerPage>
  );
}
