// react-toastify and its stylesheets, loaded on the first toast only: most pages never show one, so the
// library stays off every route's critical path. The unstyled entry plus the stylesheet imported once:
// the default entry would inject its CSS at runtime as well, and we style toasts with our tokens.
import 'react-toastify/ReactToastify.css';
import './ToastHost.css';

export { ToastContainer, toast } from 'react-toastify/unstyled';
