import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../reporting/report-error';
import { ErrorScreen } from '../ErrorScreen/ErrorScreen';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Shown instead of the generic error screen. */
  fallback?: ReactNode;
  /** Called after the error is reported (e.g. to record which remote failed). */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  hasError: boolean;
}

/** Product rules, Errors and messages: "Error boundary": any render error below leads to the error screen, and is reported. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { source: 'ErrorBoundary', componentStack: info.componentStack ?? undefined });
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    if (this.state.hasError) return this.props.fallback ?? <ErrorScreen />;
    return this.props.children;
  }
}
