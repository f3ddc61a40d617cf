import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, NotFoundPage, Spinner } from '@haven/shared';
import { Landing } from '../features/landing/Landing';

// Each page's code loads on the route that uses it; the landing stays in the first chunk. The provider
// list (filters, search, coupons: ~4 KB gzip) is its own chunk so the landing's first paint skips it.
const ProviderList = lazyPage(() => import('../features/discovery/ProviderList'), 'ProviderList');
const ProviderProfile = lazyPage(() => import('../features/discovery/ProviderProfile'), 'ProviderProfile');
const MatchingPage = lazyPage(() => import('../features/matching/MatchingPage'), 'MatchingPage');
const ManageBooking = lazyPage(() => import('../features/booking/ManageBooking'), 'ManageBooking');
const ProviderSwitchPage = lazyPage(() => import('../features/provider-switch/ProviderSwitchPage'), 'ProviderSwitchPage');
const WaitlistPage = lazyPage(() => import('../features/waitlist/WaitlistPage'), 'WaitlistPage');
const ChildrenFirstPage = lazyPage(() => import('../features/children-first/ChildrenFirstPage'), 'ChildrenFirstPage');
const CareCoordinatorPage = lazyPage(() => import('../features/care-coordinator/CareCoordinatorPage'), 'CareCoordinatorPage');
const AncillaryPage = lazyPage(() => import('../features/ancillary/AncillaryPage'), 'AncillaryPage');
const ForOrganisationsPage = lazyPage(() => import('../features/outreach/LeadPage'), 'ForOrganisationsPage');
const GetInTouchPage = lazyPage(() => import('../features/outreach/LeadPage'), 'GetInTouchPage');
const NewsletterConfirmPage = lazyPage(() => import('../features/outreach/NewsletterLinkPage'), 'NewsletterConfirmPage');
const NewsletterUnsubscribePage = lazyPage(() => import('../features/outreach/NewsletterLinkPage'), 'NewsletterUnsubscribePage');
const BookingFlow = lazyPage(() => import('../features/booking/BookingFlow'), 'BookingFlow');

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Routes>
        <Route path="/" element={<Landing focus="home" />} />
        <Route path="/therapy-psychiatry/*" element={<Landing focus="therapy-psychiatry" />} />
        <Route path="/providers/switch" element={<ProviderSwitchPage />} />
        <Route path="/providers/*" element={<ProviderList />} />
        <Route path="/provider/:uuid" element={<ProviderProfile />} />
        <Route path="/matching/*" element={<MatchingPage />} />
        <Route path="/booking/session/:uuid" element={<ManageBooking />} />
        <Route path="/booking/waitlist" element={<WaitlistPage />} />
        <Route path="/booking/children-first" element={<ChildrenFirstPage />} />
        <Route path="/booking/care-coordinator" element={<CareCoordinatorPage />} />
        <Route path="/booking/ancillary-assessment" element={<AncillaryPage />} />
        <Route path="/booking/*" element={<BookingFlow />} />
        <Route path="/for-organisations" element={<ForOrganisationsPage />} />
        <Route path="/get-in-touch/:kind" element={<GetInTouchPage />} />
        <Route path="/newsletter/confirm" element={<NewsletterConfirmPage />} />
        <Route path="/newsletter/unsubscribe" element={<NewsletterUnsubscribePage />} />
        <Route path="*" element={<NotFoundPage app="mfe-booking" />} />
      </Routes>
    </Suspense>
  );
}
