import React, { startTransition, type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
import { havenStore } from '../state/store';
import { eventBus } from '../events/event-bus';
import { ErrorScreen } from '../ui/ErrorScreen/ErrorScreen';
import { reportError } from '../reporting/report-error';

interface DebugWindow {
  __havenRemotes?: Record<string, { havenStore: unknown; eventBus: unknown }>;
}

/**
 * A remote's first render is a whole page (the dashboard's: every section) and was one of the longest tasks
 * of a cold signed-in load. Rendered as a transition, React does it in slices a tap can come between
 * (total blocking time); nothing of it is painted before it is complete, as before.
 */
const slicedRoots: typeof ReactDOMClient = {
  ...ReactDOMClient,
  createRoot(container, options) {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      render: (children) => startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

/**
 * The `./app` expose of a remote: single-spa lifecycles around its root component. The error boundary
 * here catches what escapes the remote's own boundary, so a crash never leaves an empty page.
 */
export function createRemoteLifecycles(name: string, Root: ComponentType): LifeCycles {
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient: slicedRoots,
    // The remote's root needs none of single-spa's props: it routes on the browser history.
    rootComponent: function RemoteApp() {
      return <Root />;
    },
    errorBoundary: (error: Error) => {
      reportError(error, { area: 'remote-root', remote: name });
      return <ErrorScreen />;
    },
  });
  // Which store and bus this remote received, for the browser suite's singleton check.
  const debug = window as unknown as DebugWindow;
  debug.__havenRemotes = { ...debug.__havenRemotes, [name]: { havenStore, eventBus } };
  return { bootstrap: lifecycles.bootstrap, mount: lifecycles.mount, unmount: lifecycles.unmount };
}
