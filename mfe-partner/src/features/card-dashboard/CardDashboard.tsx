import { Navigate } from 'react-router-dom';
import { B2B_LANDING_PATH, Spinner } from '@haven/shared';
import { PartnerPage } from '../company/PartnerPage';
import { useCompanySite } from '../company/useCompanySite';
import { MyProviderCards } from '../package/MyProviderCards';
import { PackageCard } from '../package/PackageCard';
import { usePartnerPackage } from '../package/usePartnerPackage';
import { CareToolsCard } from './CareToolsCard';
import { UpcomingCard } from './UpcomingCard';

/** /partnerdashboard: the card dashboard, only for partners whose show_card_dashboard flag is on (product rules, Routes and redirects). */
export function CardDashboard() {
  const { meta, loading } = useCompanySite();
  if (loading && !meta) return <Spinner label="Loading your organisation" />;
  if (!meta?.feature_flags.show_card_dashboard) return <Navigate to={B2B_LANDING_PATH} replace />;
  return <Cards />;
}

function Cards() {
  const pkg = usePartnerPackage();
  return (
    <PartnerPage title="Your care dashboard" description="Your sponsored sessions, your providers and care tools.">
      <ul className="hv-partner__cards">
        <PackageCard state={pkg} />
        <MyProviderCards state={pkg} />
        <UpcomingCard />
        <CareToolsCard />
      </ul>
    </PartnerPage>
  );
}
