import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, RequireSignIn, Spinner } from '@haven/shared';

// Each route downloads its own feature (route budgets of the performance issue).
const PartnerLanding = lazy(() => import('../features/partner-landing/PartnerLanding').then((m) => ({ default: m.PartnerLanding })));
const CardDashboard = lazy(() => import('../features/card-dashboard/CardDashboard').then((m) => ({ default: m.CardDashboard })));
const OrgDashboard = lazy(() => import('../features/org-dashboard/OrgDashboard').then((m) => ({ default: m.OrgDashboard })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      {/* Open to visitors: the partner landing is where partner links, hand-offs and logouts arrive. */}
      <Route path="/t-p/*" element={<Lazy><PartnerLanding /></Lazy>} />
      <Route path="/partnerdashboard/*" element={<RequireSignIn><Lazy><CardDashboard /></Lazy></RequireSignIn>} />
      <Route path="/org/dashboard/*" element={<RequireSignIn><Lazy><OrgDashboard /></Lazy></RequireSignIn>} />
      <Route path="*" element={<NotFoundPage app="mfe-partner" />} />
    </Routes>
  );
}
