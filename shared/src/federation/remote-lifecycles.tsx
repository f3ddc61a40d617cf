import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
import * as sharedCore from '../index';
import { ErrorScreen } from '../ui/ErrorScreen/ErrorScreen';
import { reportError } from '../reporting/report-error';

interface DebugWindow {
  __havenRemotes?: Record<string, { shared: unknown }>;
}

/**
 * The `./app` expose of a remote: single-spa lifecycles around its root component. The error boundary
 * here catches what escapes the remote's own boundary, so a crash never leaves an empty page.
 */
export function createRemoteLifecycles(name: string, Root: ComponentType): LifeCycles {
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: (error: Error) => {
      reportError(error, { area: 'remote-root', remote: name });
      return <ErrorScreen />;
    },
  });
  // Which core instance this remote received, for the browser suite's singleton check (not in production).
  const debug = window as unknown as DebugWindow;
  debug.__havenRemotes = { ...debug.__havenRemotes, [name]: { shared: sharedCore } };
  return { bootstrap: lifecycles.bootstrap, mount: lifecycles.mount, unmount: lifecycles.unmount };
}
