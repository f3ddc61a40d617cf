import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, NotFoundPage, Spinner, type LazyPage } from '@haven/shared';
import { CrashTest } from '../features/diagnostics/CrashTest';
import { RequireSignIn } from './RequireSignIn';

// Each route downloads its own feature (the /dashboard cold-load budget of the performance issue).
const DashboardHome = lazyPage(() => import('../features/home/DashboardHome'), 'DashboardHome');
const JournalPage = lazyPage(() => import('../features/journal/JournalPage'), 'JournalPage');
const CareToolsPage = lazyPage(() => import('../features/care-tools/CareToolsPage'), 'CareToolsPage');
const CareToolDetailPage = lazyPage(() => import('../features/care-tools/CareToolsPage'), 'CareToolDetailPage');
const ExpertsPage = lazyPage(() => import('../features/experts/ExpertsPage'), 'ExpertsPage');
const JourneyPage = lazyPage(() => import('../features/journey/JourneyPage'), 'JourneyPage');
const TreatmentPlanPage = lazyPage(() => import('../features/treatment-plan/TreatmentPlanPage'), 'TreatmentPlanPage');
const CommunitiesPage = lazyPage(() => import('../features/communities/CommunitiesPage'), 'CommunitiesPage');
const ContentArea = lazyPage(() => import('../features/content/ContentArea'), 'ContentArea');
const AssessmentsPage = lazyPage(() => import('../features/assessments/AssessmentsPage'), 'AssessmentsPage');
const AssessmentPage = lazyPage(() => import('../features/assessments/AssessmentsPage'), 'AssessmentPage');
const AccountArea = lazyPage(() => import('../features/account/AccountArea'), 'AccountArea');
const TermsOfUsePage = lazyPage(() => import('../features/legal/LegalPages'), 'TermsOfUsePage');
const HelpPage = lazyPage(() => import('../features/help/HelpPage'), 'HelpPage');
const PrivacyPolicyPage = lazyPage(() => import('../features/legal/LegalPages'), 'PrivacyPolicyPage');
const DesignGalleryPage = lazyPage(() => import('../features/design-gallery/DesignGalleryPage'), 'DesignGalleryPage');

/** A signed-in page: its code downloads while the stored session is being confirmed. */
function Page({ page: PageComponent }: { page: LazyPage }) {
  return (
    <RequireSignIn preload={PageComponent.preload}>
      <Suspense fallback={<Spinner label="Loading page" />}>
        <PageComponent />
      </Suspense>
    </RequireSignIn>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<Page page={DashboardHome} />} />
      <Route path="/dashboard/diagnostics/crash" element={<CrashTest />} />
      <Route path="/dashboard/resources/*" element={<Page page={ContentArea} />} />
      <Route path="/journal/*" element={<Page page={JournalPage} />} />
      <Route path="/care-tools" element={<Page page={CareToolsPage} />} />
      <Route path="/care-tools/:slug" element={<Page page={CareToolDetailPage} />} />
      <Route path="/experts/*" element={<Page page={ExpertsPage} />} />
      <Route path="/journey/*" element={<Page page={JourneyPage} />} />
      <Route path="/treatment-plan" element={<Page page={TreatmentPlanPage} />} />
      <Route path="/communities/*" element={<Page page={CommunitiesPage} />} />
      <Route path="/assessments" element={<Page page={AssessmentsPage} />} />
      <Route path="/assessments/:slug" element={<Page page={AssessmentPage} />} />
      <Route path="/account/*" element={<Page page={AccountArea} />} />
      <Route
        path="/terms-of-use"
        element={
          <Suspense fallback={<Spinner label="Loading page" />}>
            <TermsOfUsePage />
          </Suspense>
        }
      />
      <Route
        path="/privacy-policy"
        element={
          <Suspense fallback={<Spinner label="Loading page" />}>
            <PrivacyPolicyPage />
          </Suspense>
        }
      />
      <Route
        path="/help"
        element={
          <Suspense fallback={<Spinner label="Loading page" />}>
            <HelpPage />
          </Suspense>
        }
      />
      <Route
        path="/design"
        element={
          <Suspense fallback={<Spinner label="Loading page" />}>
            <DesignGalleryPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage app="mfe-dashboard" />} />
    </Routes>
  );
}
