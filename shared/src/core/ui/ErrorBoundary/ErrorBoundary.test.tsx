import { render, screen } from '@testing-library/react';
import { reportError } from '../../reporting/report-error';
import { ErrorBoundary } from './ErrorBoundary';

// The boundary's contract with the reporting module is the call; the reporter itself is tested beside it.
jest.mock('../../reporting/report-error', () => ({ reportError: jest.fn() }));

function Boom(): never {
  throw new Error('render failed');
}

describe('ErrorBoundary (product rules, Errors and messages: any render error leads to the error screen)', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    jest.clearAllMocks();
    // React logs caught render errors; keep the test output readable.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('shows the generic error screen on a render error, reports it and calls onError', () => {
    const onError = jest.fn();
    render(
      <ErrorBoundary onError={onError}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops, looks like something went wrong!' })).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledTimes(1);
    const [error, context] = (reportError as jest.Mock).mock.calls[0] as [Error, Record<string, unknown>];
    expect(error.message).toBe('render failed');
    expect(context).toEqual(expect.objectContaining({ source: 'ErrorBoundary', componentStack: expect.any(String) }));
    expect(onError).toHaveBeenCalledWith(error, expect.objectContaining({ componentStack: expect.any(String) }));
  });

  it('shows the given fallback instead', () => {
    render(
      <ErrorBoundary fallback={<p>custom fallback</p>}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('custom fallback')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
