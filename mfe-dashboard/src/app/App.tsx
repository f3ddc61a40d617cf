import { RemoteRoot } from '@haven/shared';
import { AppRoutes } from './routes';

export function App() {
  return (
    <RemoteRoot>
      <AppRoutes />
    </RemoteRoot>
  );
}
