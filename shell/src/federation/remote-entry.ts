/**
 * The address the federation runtime loads a remote from. The runtime is built without its manifest
 * (snapshot) plugin (tooling/webpack.base.js, FEDERATION_OPTIMIZATION), so it needs each remote's
 * `remoteEntry.js`; a runtime config that still names the remote's `mf-manifest.json` (the format before
 * the first-paint work) means the `remoteEntry.js` beside it, which every remote build publishes.
 */
export function remoteEntryUrl(configured: string): string {
  const url = new URL(configured, window.location.href);
  url.pathname = url.pathname.replace(/mf-manifest\.json$/, 'remoteEntry.js');
  return url.href;
}
