// Full-page navigations used by the error screen's default buttons. A full load (not a router push)
// leaves the failed app state behind. Kept in their own module because jsdom cannot navigate.
export function goToHomepage(): void {
  window.location.assign('/');
}

export function reloadPage(): void {
  window.location.reload();
}
