/* global document */
// If the app has not replaced the loading dots after 20 s (script blocked, very slow network), say so
// and offer a refresh rather than spinning forever. A file, not an inline script: the CSP allows no
// inline script.
setTimeout(function () {
  var status = document.querySelector('#hv-app .hv-boot__status');
  if (!status) return;
  status.setAttribute('role', 'alert');
  status.removeAttribute('aria-label');
  status.innerHTML =
    '<p>Haven is taking longer than usual to load. Please check your internet connection and <a href="">refresh the page</a>.</p>';
}, 20000);
