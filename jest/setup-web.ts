import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jest 30 + jsdom + react-router 7 need these globals (see TOOLCHAIN.md).
Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom has <dialog> without the modal methods: open and close it as a browser would (not the inert rest of the
// page). A test file in the node environment has no DOM at all.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
