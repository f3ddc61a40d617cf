/* global document */
// If the app has not replaced the loading dots after 20 s (script blocked, very slow network), say so
// and offer a refresh rather than spinning forever. A page painted as HTML says the same where its picture
// shows something loading (the session room's link check): its app, once running, takes the picture over
// within 10 s, so a picture still there now has no app behind it. A file, not an inline script: the CSP
// allows no inline script.
setTimeout(function () {
  var notice = 'Haven is taking longer than usual to load. Please check your internet connection and <a href="">refresh the page</a>.';
  var status = document.querySelector('#hv-app .hv-boot__status');
  if (status) {
    status.setAttribute('role', 'alert');
    status.removeAttribute('aria-label');
    status.innerHTML = '<p>' + notice + '</p>';
  }
  var pictured = document.querySelectorAll('#hv-snapshot .hv-spinner');
  for (var i = 0; i < pictured.length; i += 1) {
    var p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.innerHTML = notice;
    pictured[i].replaceWith(p);
  }
}, 20000);
