import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../ui/ErrorBoundary/ErrorBoundary';

/** Every remote's root: its own error boundary (a crash stays inside it) and routing on the browser history. */
export function RemoteRoot({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <BrowserRouter>{children}</BrowserRouter>
    </ErrorBoundary>
  );
}
