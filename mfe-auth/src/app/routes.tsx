import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, PageFrame } from '@haven/shared';

// Owned by the sign-in work (issue 4): its pages replace these frames.
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth/log-in/*" element={<PageFrame title="Log in" app="mfe-auth"><p>Sign-in is being connected.</p></PageFrame>} />
      <Route path="*" element={<NotFoundPage app="mfe-auth" />} />
    </Routes>
  );
}
