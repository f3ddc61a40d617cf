import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@haven/shared';
import { SessionRoom } from '../features/room/SessionRoom';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/session-room/:sessionId/:payload/:platform" element={<SessionRoom />} />
      <Route path="*" element={<NotFoundPage app="mfe-session-room" />} />
    </Routes>
  );
}
