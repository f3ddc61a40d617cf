import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
import { ErrorScreen } from '@haven/shared';
import type { RemoteKey } from '../routing/route-table';

/** Stand-in lifecycles for a remote that could not be loaded: its routes show the error screen. */
export function errorScreenApp(remote: RemoteKey): LifeCycles {
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: function RemoteUnavailable() {
      return (
        <div data-remote-unavailable={remote}>
          <ErrorScreen />
        </div>
      );
    },
  });
  return { bootstrap: lifecycles.bootstrap, mount: lifecycles.mount, unmount: lifecycles.unmount };
}
