import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, Spinner } from '@haven/shared';
import { PLANNED_PAGES } from '../features/planned-pages/planned-pages';
import { CrashTest } from '../features/diagnostics/CrashTest';
import { RequireSignIn } from './RequireSignIn';

// Each route downloads its own feature (the /dashboard cold-load budget of the performance issue).
const DashboardHome = lazy(() => import('../features/home/DashboardHome').then((m) => ({ default: m.DashboardHome })));
const JournalPage = lazy(() => import('../features/journal/JournalPage').then((m) => ({ default: m.JournalPage })));
const AccountArea = lazy(() => import('../features/account/AccountArea').then((m) => ({ default: m.AccountArea })));
const TermsOfUsePage = lazy(() => import('../features/legal/LegalPages').then((m) => ({ default: m.TermsOfUsePage })));
const PrivacyPolicyPage = lazy(() => import('../features/legal/LegalPages').then((m) => ({ default: m.PrivacyPolicyPage })));
const PlannedPageView = lazy(() => import('../features/planned-pages/PlannedPageView').then((m) => ({ default: m.PlannedPageView })));

function Page({ children }: { children: ReactNode }) {
  return (
    <RequireSignIn>
      <Suspense fallback={<Spinner label="Loading page" />}>{children}</Suspense>
    </RequireSignIn>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<Page><DashboardHome /></Page>} />
      <Route path="/dashboard/diagnostics/crash" element={<CrashTest />} />
      <Route path="/journal/*" element={<Page><JournalPage /></Page>} />
      <Route path="/account/*" element={<Page><AccountArea /></Page>} />
      <Route path="/terms-of-use" element={<Suspense fallback={<Spinner label="Loading page" />}><TermsOfUsePage /></Suspense>} />
      <Route path="/privacy-policy" element={<Suspense fallback={<Spinner label="Loading page" />}><PrivacyPolicyPage /></Suspense>} />
      {PLANNED_PAGES.map((page) => (
        <Route key={page.path} path={`${page.path}/*`} element={<Page><PlannedPageView page={page} /></Page>} />
      ))}
      <Route path="*" element={<NotFoundPage app="mfe-dashboard" />} />
    </Routes>
  );
}
