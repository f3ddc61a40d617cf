import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { reportError } from '../../reporting/report-error';
import { LoadState } from '../../../entries/design/ui/LoadState/LoadState';
import { useApiRead } from './useApiRead';

jest.mock('../../reporting/report-error', () => ({ reportError: jest.fn() }));

interface Pending {
  key: string;
  signal: AbortSignal;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

let pending: Pending[] = [];
function loader(key: string) {
  return (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      pending.push({ key, signal, resolve, reject });
    });
}

function Probe({ id }: { id: string }) {
  const read = useApiRead(loader(id), [id], 'probe');
  return (
    <LoadState read={read} what="The list">
      {(data) => <p>loaded {data}</p>}
    </LoadState>
  );
}

const settle = () => act(async () => {});

describe('useApiRead with LoadState: load, cancel, retry, report', () => {
  beforeEach(() => {
    pending = [];
    jest.mocked(reportError).mockClear();
  });

  it('shows a spinner named for what loads, then the data', async () => {
    render(<Probe id="a" />);
    expect(screen.getByRole('status', { name: 'Loading the list' })).toBeInTheDocument();
    pending[0]!.resolve('A');
    await settle();
    expect(screen.getByText('loaded A')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('an answer renders as a transition (in slices a tap can come between)', async () => {
    render(<Probe id="a" />);
    const transition = jest.spyOn(React, 'startTransition');
    pending[0]!.resolve('A');
    await settle();
    expect(transition).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loaded A')).toBeInTheDocument();
    transition.mockRestore();
  });

  it('a 404 is not-found: the page decides what to show, and nothing is reported', async () => {
    function StatusProbe() {
      const read = useApiRead(loader('gone'), ['gone'], 'probe');
      return <p>status {read.status}</p>;
    }
    render(<StatusProbe />);
    pending[0]!.reject(
      Object.assign(new Error('Request failed with status code 404'), { isAxiosError: true, response: { status: 404, data: {} } }),
    );
    await settle();
    expect(screen.getByText('status not-found')).toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('on a failure: reported once, an alert with a focusable Try again that loads again', async () => {
    const { rerender } = render(<Probe id="a" />);
    const failure = new Error('500');
    pending[0]!.reject(failure);
    await settle();
    rerender(<Probe id="a" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(failure, { where: 'probe' });
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    expect(retry).toHaveFocus();
    fireEvent.click(retry);
    expect(screen.getByRole('status', { name: 'Loading the list' })).toBeInTheDocument();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('A2');
    await settle();
    expect(screen.getByText('loaded A2')).toBeInTheDocument();
  });

  it('a deps change aborts the older load, whose late answer is never shown', async () => {
    const { rerender } = render(<Probe id="a" />);
    rerender(<Probe id="b" />);
    expect(pending.map((p) => p.key)).toEqual(['a', 'b']);
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[0]!.resolve('A');
    await settle();
    expect(screen.queryByText('loaded A')).toBeNull();
    pending[1]!.resolve('B');
    await settle();
    expect(screen.getByText('loaded B')).toBeInTheDocument();
  });

  it.each([
    ['an abort after unmount', (p: Pending) => p.reject(new DOMException('aborted', 'AbortError'))],
    ['an axios cancel', (p: Pending) => p.reject({ __CANCEL__: true })],
  ])('unmounting aborts the load; %s is not reported', async (_name, fail) => {
    const { unmount } = render(<Probe id="a" />);
    unmount();
    expect(pending[0]!.signal.aborted).toBe(true);
    fail(pending[0]!);
    await settle();
    expect(reportError).not.toHaveBeenCalled();
  });
});
