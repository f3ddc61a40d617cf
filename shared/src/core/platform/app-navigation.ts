// Navigation the auth flows trigger (logout → log-in page). A soft navigation keeps the page alive so
// a toast shown just before (the clinician refusal) stays visible: pushState, then a popstate event —
// the signal single-spa and react-router both route on. Off the app's origin: a full load.

export type Navigate = (url: string) => void;

export const navigateInApp: Navigate = (url) => {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin) {
    window.location.assign(target.href);
    return;
  }
  window.history.pushState(null, '', `${target.pathname}${target.search}${target.hash}`);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
};
