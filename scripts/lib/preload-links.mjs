// Early hints for the shell's page (the critical chain): without them the browser learns of the
// runtime config only when the shell's code runs, and of the route's remote entry only after the config
// has arrived (HTML → main.js → config.json → remoteEntry.js → the page's chunks). The static server
// knows both, so the page's response names them in `Link` headers and they load beside main.js.
// Pure function: the static server uses it, tooling/preload-links.test.ts checks it.
import { remoteForPath } from '../../shell/src/routing/route-ownership.mjs';

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The runtime may still name a remote's `mf-manifest.json`; the shell loads the `remoteEntry.js` beside it. */
const entryOf = (configured) => configured.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');

/**
 * `Link` header values for the shell page at `pathname`:
 * - the runtime config, fetched by the shell with `fetch()` (same origin, so `crossorigin` = the
 *   fetch's default credentials mode; a preload is used only when the modes match);
 * - the remote entry of the app that owns the path, a classic script as the federation runtime inserts it
 *   (no `crossorigin`), so the preloaded response is the one the runtime executes;
 * - a connection to the api for the routes whose first screen reads data (its requests carry the
 *   person's token, so they cannot be preloaded themselves).
 * Nothing for a path no app owns (the not-found page loads no remote).
 * @param {{ remotes?: Record<string, string>, apiBaseUrl?: string }} config
 * @param {string} pathname
 * @param {string} [configPath] where the shell reads the runtime config
 * @returns {string[]}
 */
export function preloadLinks(config, pathname, configPath = '/config.json') {
  const links = [`<${configPath}>; rel=preload; as=fetch; crossorigin`];
  const remote = remoteForPath(pathname);
  const entry = remote ? config.remotes?.[remote] : undefined;
  if (!entry) return links;
  links.push(`<${entryOf(entry)}>; rel=preload; as=script`);
  const api = originOf(config.apiBaseUrl);
  if (api) links.push(`<${api}>; rel=preconnect; crossorigin`);
  return links;
}
