import { act } from '@testing-library/react';
import type { AppProps, LifeCycles } from 'single-spa';
import { createPageLifecycles, createRemoteLifecycles } from './remote-lifecycles';
import { ERROR_SCREEN_HEADING } from '../ui/ErrorScreen/ErrorScreen';
import { reportError } from '../reporting/report-error';

jest.mock('../reporting/report-error', () => ({ reportError: jest.fn() }));

// What single-spa hands a lifecycle: the app's name and, from the shell's customProps, its element.
function propsFor(name: string): AppProps & { domElement: HTMLElement } {
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  return { name, domElement, singleSpa: {}, mountParcel: jest.fn() } as unknown as AppProps & { domElement: HTMLElement };
}

/** Mounts with React's work flushed by act(), then waits for single-spa's answer (a task after the commit). */
async function mountedInAct(lifecycles: LifeCycles, props: AppProps): Promise<void> {
  let mounting: Promise<void> = Promise.resolve();
  act(() => {
    mounting = (lifecycles.mount as (p: AppProps) => Promise<void>)(props);
  });
  await mounting;
}

function Page() {
  return <h1>Find a therapist</h1>;
}

function Broken(): never {
  throw new Error('page broke');
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.mocked(reportError).mockClear();
});

describe('page lifecycles (single-spa, React)', () => {
  it('mount resolves once the page is in the app element (not before its commit); unmount takes it out', async () => {
    // React schedules the render on its own here, as in the browser (no act() flushing it on the spot).
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const lifecycles = createPageLifecycles(Page);
      const props = propsFor('shell-not-found');
      await (lifecycles.bootstrap as (p: AppProps) => Promise<void>)(props);
      // What the page shows at the moment single-spa hears the mount is done (the boot frame leaves then).
      const shownWhenMounted = await (lifecycles.mount as (p: AppProps) => Promise<void>)(props).then(
        () => props.domElement.querySelector('h1')?.textContent,
      );
      expect(shownWhenMounted).toBe('Find a therapist');
      await (lifecycles.unmount as (p: AppProps) => Promise<void>)(props);
      expect(props.domElement.innerHTML).toBe('');
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('a remote renders its first page as a transition and resolves its mount after that commit', async () => {
    const lifecycles = createRemoteLifecycles('mfe-booking', Page);
    const props = propsFor('mfe-booking');
    await mountedInAct(lifecycles, props);
    expect(props.domElement.querySelector('h1')?.textContent).toBe('Find a therapist');
    await act(() => (lifecycles.unmount as (p: AppProps) => Promise<void>)(props));
  });

  it("a render error that escapes a remote's page shows the error screen and is reported once, with the remote", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const lifecycles = createRemoteLifecycles('mfe-dashboard', Broken);
    const props = propsFor('mfe-dashboard');
    await mountedInAct(lifecycles, props);
    expect(props.domElement.querySelector('h1')?.textContent).toBe(ERROR_SCREEN_HEADING);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(new Error('page broke'), { area: 'remote-root', remote: 'mfe-dashboard' });
  });

  it('a mount without its element fails (single-spa then marks the app broken) instead of rendering elsewhere', async () => {
    const lifecycles = createPageLifecycles(Page);
    const props = { name: 'mfe-auth' } as unknown as AppProps;
    await expect((lifecycles.mount as (p: AppProps) => Promise<void>)(props)).rejects.toThrow('mfe-auth was mounted without its element');
    expect(document.querySelector('h1')).toBeNull();
  });
});
