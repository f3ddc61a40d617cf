// The unstyled entry plus the library's stylesheet imported once below: the default entry would inject
// its CSS at runtime as well, and we style toasts with our tokens.
import { ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import '../tokens.css';
import './ToastHost.css';

/**
 * The one toast function for every app. Apps import `toast` from '@haven/shared', never from
 * 'react-toastify', so every toast reaches the one container below (one instance per page).
 */
export { toast };

/** Spec §8: toasts at top-center for 2000 ms in the app shell, no close button, coloured theme. */
export const TOAST_SETTINGS = {
  position: 'top-center',
  autoClose: 2000,
  closeButton: false,
  theme: 'colored',
} as const;

/** The one toast container of the page; the shell renders it once. */
export function ToastHost() {
  return <ToastContainer {...TOAST_SETTINGS} />;
}
