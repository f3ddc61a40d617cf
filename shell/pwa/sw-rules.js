// The service worker's rules, plain functions shared by sw.js (concatenated into it at build
// time, see build-service-worker.js) and its jest table test. Classic-script JavaScript: a service
// worker is not bundled.

/** Files whose name carries a content hash: the same URL never changes, so a cached copy is never stale. */
var HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|svg|png|jpg|webp|woff2)$/;
/** Never answered from a cache: the runtime config, the remotes' entries and manifests, and the worker itself. */
var ALWAYS_NETWORK = /\/(config\.json|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|sw\.js|manifest\.webmanifest)$/;

/**
 * What the worker does with a request:
 *  - 'navigate': network first, our offline page when the network fails;
 *  - 'immutable': cache first (content-hashed files of the shell or a configured remote);
 *  - 'pass': not touched (api answers, realtime database, config, remote entries, anything else).
 * @param {{ url: string, method: string, mode: string }} request
 * @param {{ origin: string, remoteOrigins: string[], apiOrigins: string[] }} context
 */
function requestKind(request, context) {
  if (request.method !== 'GET') return 'pass';
  var url = new URL(request.url);
  if (request.mode === 'navigate') return url.origin === context.origin ? 'navigate' : 'pass';
  if (context.apiOrigins.indexOf(url.origin) >= 0 || /\/api\//.test(url.pathname)) return 'pass';
  if (ALWAYS_NETWORK.test(url.pathname)) return 'pass';
  var known = url.origin === context.origin || context.remoteOrigins.indexOf(url.origin) >= 0;
  return known && HASHED_FILE.test(url.pathname) ? 'immutable' : 'pass';
}

/** The mf-manifest.json beside a remote's configured address (remoteEntry.js or the manifest itself). */
function manifestUrlFor(entry) {
  return entry.replace(/remoteEntry\.js(\?.*)?$/, 'mf-manifest.json');
}

/** Absolute URLs of every file a remote release exposes (sync and async JS and CSS), from its mf-manifest.json. */
function remoteAssetUrls(manifest, manifestUrl) {
  var out = [];
  var exposes = (manifest && manifest.exposes) || [];
  for (var i = 0; i < exposes.length; i += 1) {
    var assets = exposes[i].assets || {};
    ['js', 'css'].forEach(function (kind) {
      var group = assets[kind] || {};
      (group.sync || []).concat(group.async || []).forEach(function (file) {
        var url = new URL(file, manifestUrl).href;
        if (out.indexOf(url) < 0) out.push(url);
      });
    });
  }
  return out;
}

/** The origins the worker needs from the runtime config: the remotes' and the api's (and realtime database's). */
function configOrigins(config) {
  var remoteOrigins = [];
  var remotes = (config && config.remotes) || {};
  Object.keys(remotes).forEach(function (name) {
    try {
      var origin = new URL(remotes[name]).origin;
      if (remoteOrigins.indexOf(origin) < 0) remoteOrigins.push(origin);
    } catch {
      // an unreadable address: that remote is simply not cached
    }
  });
  var apiOrigins = [];
  [config && config.apiBaseUrl, config && config.realtimeDatabaseUrl].forEach(function (address) {
    try {
      if (address) apiOrigins.push(new URL(address).origin);
    } catch {
      // ignored: no such origin to leave alone
    }
  });
  return { remoteOrigins: remoteOrigins, apiOrigins: apiOrigins };
}

if (typeof module === 'object' && module.exports) {
  module.exports = {
    requestKind: requestKind,
    manifestUrlFor: manifestUrlFor,
    remoteAssetUrls: remoteAssetUrls,
    configOrigins: configOrigins,
    HASHED_FILE: HASHED_FILE,
  };
}
