import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
import { NotFoundPage } from '@haven/shared';

const lifecycles = singleSpaReact({ React, ReactDOMClient, rootComponent: () => <NotFoundPage app="shell" /> });

/** Paths no remote owns get a real page, not an empty screen. */
export const notFoundApp: LifeCycles = {
  bootstrap: lifecycles.bootstrap,
  mount: lifecycles.mount,
  unmount: lifecycles.unmount,
};
