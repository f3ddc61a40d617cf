/* global document */
// The floor of the Lighthouse benchmark: a bare React 19 page (one heading, one paragraph) built with
// react-dom from this repo's lockfile and served by the same static server as the platform.
import { createElement, Fragment } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  createElement(
    Fragment,
    null,
    createElement('h1', null, 'Care for your mind, when you need it'),
    createElement('p', null, 'Talk to a therapist, psychiatrist, couples therapist or coach, online or at one of our clinics.'),
  ),
);
