import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, Spinner } from '@haven/shared';
import { Landing } from '../features/landing/Landing';

// Each page's code loads on the route that uses it; the landing stays in the first chunk. The provider
// list (filters, search, coupons: ~4 KB gzip) is its own chunk so the landing's first paint skips it.
const ProviderList = lazy(() => import('../features/discovery/ProviderList').then((m) => ({ default: m.ProviderList })));
const ProviderProfile = lazy(() => import('../features/discovery/ProviderProfile').then((m) => ({ default: m.ProviderProfile })));
const MatchingPage = lazy(() => import('../features/matching/MatchingPage').then((m) => ({ default: m.MatchingPage })));
const ManageBooking = lazy(() => import('../features/booking/ManageBooking').then((m) => ({ default: m.ManageBooking })));
const ProviderSwitchPage = lazy(() => import('../features/provider-switch/ProviderSwitchPage').then((m) => ({ default: m.ProviderSwitchPage })));
const WaitlistPage = lazy(() => import('../features/waitlist/WaitlistPage').then((m) => ({ default: m.WaitlistPage })));
const ChildrenFirstPage = lazy(() => import('../features/children-first/ChildrenFirstPage').then((m) => ({ default: m.ChildrenFirstPage })));
const CareCoordinatorPage = lazy(() => import('../features/care-coordinator/CareCoordinatorPage').then((m) => ({ default: m.CareCoordinatorPage })));
const AncillaryPage = lazy(() => import('../features/ancillary/AncillaryPage').then((m) => ({ default: m.AncillaryPage })));
const BookingFlow = lazy(() => import('../features/booking/BookingFlow').then((m) => ({ default: m.BookingFlow })));

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
        <Route path="*" element={<NotFoundPage app="mfe-booking" />} />
      </Routes>
    </Suspense>
  );
}
