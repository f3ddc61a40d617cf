import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@haven/shared';
import { PartnerLanding } from '../features/partner-landing/PartnerLanding';
import { CardDashboard } from '../features/card-dashboard/CardDashboard';
import { OrgDashboard } from '../features/org-dashboard/OrgDashboard';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/t-p/*" element={<PartnerLanding />} />
      <Route path="/partnerdashboard/*" element={<CardDashboard />} />
      <Route path="/org/dashboard/*" element={<OrgDashboard />} />
      <Route path="*" element={<NotFoundPage app="mfe-partner" />} />
    </Routes>
  );
}
