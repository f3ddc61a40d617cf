import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, NotFoundPage, RequireSignIn, Spinner } from '@haven/shared';

// Each route downloads its own feature (route budgets of the performance issue).
const PartnerLanding = lazyPage(() => import('../features/partner-landing/PartnerLanding'), 'PartnerLanding');
const CardDashboard = lazyPage(() => import('../features/card-dashboard/CardDashboard'), 'CardDashboard');
const OrgDashboard = lazyPage(() => import('../features/org-dashboard/OrgDashboard'), 'OrgDashboard');

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" />}>{children}</Suspense>;
}

export function AppRoutes() {
  return (
    <Routes>
      {/* Open to visitors: the partner landing is where partner links, hand-offs and logouts arrive. */}
      <Route
        path="/t-p/*"
        element={
          <Lazy>
            <PartnerLanding />
          </Lazy>
        }
      />
      <Route
        path="/partnerdashboard/*"
        element={
          <RequireSignIn preload={CardDashboard.preload}>
            <Lazy>
              <CardDashboard />
            </Lazy>
          </RequireSignIn>
        }
      />
      <Route
        path="/org/dashboard/*"
        element={
          <RequireSignIn preload={OrgDashboard.preload}>
            <Lazy>
              <OrgDashboard />
            </Lazy>
          </RequireSignIn>
        }
      />
      <Route path="*" element={<NotFoundPage app="mfe-partner" />} />
    </Routes>
  );
}
