import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@haven/shared';
import { Landing } from '../features/landing/Landing';
import { ProviderDiscovery } from '../features/discovery/ProviderDiscovery';
import { BookingPage } from '../features/discovery/BookingPage';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Landing focus="home" />} />
      <Route path="/therapy-psychiatry/*" element={<Landing focus="therapy-psychiatry" />} />
      <Route path="/providers/*" element={<ProviderDiscovery />} />
      <Route path="/provider/*" element={<ProviderDiscovery />} />
      <Route path="/matching/*" element={<ProviderDiscovery />} />
      <Route path="/booking/*" element={<BookingPage />} />
      <Route path="*" element={<NotFoundPage app="mfe-booking" />} />
    </Routes>
  );
}
