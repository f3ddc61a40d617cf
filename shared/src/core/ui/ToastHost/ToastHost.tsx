import { useEffect, useState, type ComponentType } from 'react';
import type { ToastContainerProps, ToastOptions } from 'react-toastify/unstyled';
import { reportError } from '../../reporting/report-error';
import '../../../pure/tokens.css';

type ToastLibrary = typeof import('./toast-library');
type ToastKind = 'success' | 'error' | 'info' | 'warning';

let library: Promise<ToastLibrary> | null = null;
const libraryListeners = new Set<() => void>();

/** Loads react-toastify once; every ToastHost mounts its container as soon as it is there. */
function loadLibrary(): Promise<ToastLibrary> {
  library ??= import(/* webpackChunkName: "toasts" */ './toast-library').then((loaded) => {
    for (const listener of libraryListeners) listener();
    return loaded;
  });
  return library;
}

function show(kind: ToastKind | null, message: string, options?: ToastOptions): void {
  // react-toastify queues a toast sent before its container has mounted, so nothing is lost.
  loadLibrary()
    .then(({ toast: send }) => (kind ? send[kind](message, options) : send(message, options)))
    .catch((error: unknown) => reportError(error, { area: 'toast', message }));
}

/**
 * The one toast function for every app. Apps import `toast` from '@haven/shared', never from
 * 'react-toastify', so every toast reaches the one container below (one instance per page).
 */
export const toast = Object.assign((message: string, options?: ToastOptions) => show(null, message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  // Nothing to dismiss before the library has loaded (no toast was ever shown).
  dismiss: (id?: string | number): Promise<void> => (library ? library.then(({ toast: loaded }) => loaded.dismiss(id)) : Promise.resolve()),
});

/** Product rules, Errors and messages: toasts at top-center for 2000 ms in the app shell, no close button, coloured theme. */
export const TOAST_SETTINGS = {
  position: 'top-center',
  autoClose: 2000,
  closeButton: false,
  theme: 'colored',
} as const;

/**
 * The one toast container of the page; the shell renders it once. It renders nothing until the first
 * toast loads the library, then the container (which shows the queued toast).
 */
export function ToastHost() {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null);
  useEffect(() => {
    let active = true;
    const mount = () => {
      void library?.then(({ ToastContainer }) => {
        if (active) setContainer(() => ToastContainer);
      });
    };
    libraryListeners.add(mount);
    if (library) mount();
    return () => {
      active = false;
      libraryListeners.delete(mount);
    };
  }, []);
  return Container ? <Container {...TOAST_SETTINGS} /> : null;
}
