import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, Spinner } from '@haven/shared';
import { CrashTest } from '../features/diagnostics/CrashTest';
import { RequireSignIn } from './RequireSignIn';

// Each route downloads its own feature (the /dashboard cold-load budget of the performance issue).
const DashboardHome = lazy(() => import('../features/home/DashboardHome').then((m) => ({ default: m.DashboardHome })));
const JournalPage = lazy(() => import('../features/journal/JournalPage').then((m) => ({ default: m.JournalPage })));
const CareToolsPage = lazy(() => import('../features/care-tools/CareToolsPage').then((m) => ({ default: m.CareToolsPage })));
const CareToolDetailPage = lazy(() => import('../features/care-tools/CareToolsPage').then((m) => ({ default: m.CareToolDetailPage })));
const ExpertsPage = lazy(() => import('../features/experts/ExpertsPage').then((m) => ({ default: m.ExpertsPage })));
const JourneyPage = lazy(() => import('../features/journey/JourneyPage').then((m) => ({ default: m.JourneyPage })));
const CommunitiesPage = lazy(() => import('../features/communities/CommunitiesPage').then((m) => ({ default: m.CommunitiesPage })));
const AssessmentsPage = lazy(() => import('../features/assessments/AssessmentsPage').then((m) => ({ default: m.AssessmentsPage })));
const AssessmentPage = lazy(() => import('../features/assessments/AssessmentsPage').then((m) => ({ default: m.AssessmentPage })));
const AccountArea = lazy(() => import('../features/account/AccountArea').then((m) => ({ default: m.AccountArea })));
const TermsOfUsePage = lazy(() => import('../features/legal/LegalPages').then((m) => ({ default: m.TermsOfUsePage })));
const HelpPage = lazy(() => import('../features/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const PrivacyPolicyPage = lazy(() => import('../features/legal/LegalPages').then((m) => ({ default: m.PrivacyPolicyPage })));

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
      <Route path="/care-tools" element={<Page><CareToolsPage /></Page>} />
      <Route path="/care-tools/:slug" element={<Page><CareToolDetailPage /></Page>} />
      <Route path="/experts/*" element={<Page><ExpertsPage /></Page>} />
      <Route path="/journey/*" element={<Page><JourneyPage /></Page>} />
      <Route path="/communities/*" element={<Page><CommunitiesPage /></Page>} />
      <Route path="/assessments" element={<Page><AssessmentsPage /></Page>} />
      <Route path="/assessments/:slug" element={<Page><AssessmentPage /></Page>} />
      <Route path="/account/*" element={<Page><AccountArea /></Page>} />
      <Route path="/terms-of-use" element={<Suspense fallback={<Spinner label="Loading page" />}><TermsOfUsePage /></Suspense>} />
      <Route path="/privacy-policy" element={<Suspense fallback={<Spinner label="Loading page" />}><PrivacyPolicyPage /></Suspense>} />
      <Route path="/help" element={<Suspense fallback={<Spinner label="Loading page" />}><HelpPage /></Suspense>} />
      <Route path="*" element={<NotFoundPage app="mfe-dashboard" />} />
    </Routes>
  );
}
