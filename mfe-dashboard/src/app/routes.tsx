import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@haven/shared';
import { DashboardHome } from '../features/home/DashboardHome';
import { PLANNED_PAGES } from '../features/planned-pages/planned-pages';
import { PlannedPageView } from '../features/planned-pages/PlannedPageView';
import { CrashTest } from '../features/diagnostics/CrashTest';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardHome />} />
      <Route path="/dashboard/diagnostics/crash" element={<CrashTest />} />
      {PLANNED_PAGES.map((page) => (
        <Route key={page.path} path={`${page.path}/*`} element={<PlannedPageView page={page} />} />
      ))}
      <Route path="*" element={<NotFoundPage app="mfe-dashboard" />} />
    </Routes>
  );
}
