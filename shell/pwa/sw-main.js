// The service worker body (docs/pwa.md). Built into /sw.js after sw-rules.js with the shell's
// hashed files and a build id (build-service-worker.js). Hand-written: the rules it needs are few, and a
// federated app's remote files are only known at run time (from config.json), which Workbox's build-time
// precache manifest cannot list.
/* global self, caches, SHELL_FILES, BUILD_ID, requestKind, manifestUrlFor, remoteAssetUrls, configOrigins */

var FILES_CACHE = 'haven-files';
var OFFLINE_CACHE = 'haven-offline-' + BUILD_ID;
var OFFLINE_PAGE = '/offline.html';
var OFFLINE_FILES = [OFFLINE_PAGE, '/icon-192.png'];
/** A navigation refreshes the precache at most this often. */
var REFRESH_EVERY_MS = 60 * 1000;

var context = { origin: self.location.origin, remoteOrigins: [], apiOrigins: [] };
var lastRefresh = 0;
var refreshing = null;

function noStore(url) {
  return fetch(url, { cache: 'no-store' }).then(function (response) {
    if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
    return response.json();
  });
}

/**
 * Precache the shell's files and every file the configured remote releases expose, and drop files no
 * current release uses. The config and manifests are read from the network each time, so a rolled
 * forward or back remote is what gets cached.
 */
function refreshPrecache() {
  if (refreshing) return refreshing;
  lastRefresh = Date.now();
  refreshing = noStore('/config.json')
    .then(function (config) {
      var origins = configOrigins(config);
      context.remoteOrigins = origins.remoteOrigins;
      context.apiOrigins = origins.apiOrigins;
      var entries = Object.keys(config.remotes || {}).map(function (name) {
        return manifestUrlFor(config.remotes[name]);
      });
      return Promise.all(
        entries.map(function (manifestUrl) {
          return noStore(manifestUrl)
            .then(function (manifest) {
              return remoteAssetUrls(manifest, manifestUrl);
            })
            .catch(function () {
              return [];
            });
        }),
      );
    })
    .then(function (lists) {
      var wanted = SHELL_FILES.map(function (file) {
        return new URL(file, self.location.origin).href;
      });
      lists.forEach(function (list) {
        wanted = wanted.concat(list);
      });
      return caches.open(FILES_CACHE).then(function (cache) {
        return cache.keys().then(function (keys) {
          var have = keys.map(function (request) {
            return request.url;
          });
          var stale = have.filter(function (url) {
            return wanted.indexOf(url) < 0;
          });
          var missing = wanted.filter(function (url) {
            return have.indexOf(url) < 0;
          });
          return Promise.all(
            stale.map(function (url) {
              return cache.delete(url);
            }),
          ).then(function () {
            // One at a time: this runs beside the page and must not compete with it for the network.
            return missing.reduce(function (done, url) {
              return done.then(function () {
                return fetch(url, { mode: 'cors', credentials: 'omit' })
                  .then(function (response) {
                    if (response.ok) return cache.put(url, response);
                    return undefined;
                  })
                  .catch(function () {
                    return undefined;
                  });
              });
            }, Promise.resolve());
          });
        });
      });
    })
    .catch(function (error) {
      console.warn('[sw] precache refresh failed', error);
    })
    .then(function () {
      refreshing = null;
    });
  return refreshing;
}

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then(function (cache) {
        return cache.addAll(OFFLINE_FILES);
      })
      .then(function () {
        return self.skipWaiting();
      }),
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf('haven-offline-') === 0 && name !== OFFLINE_CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      })
      .then(function () {
        refreshPrecache();
      }),
  );
});

function fromNetworkOrOffline(event) {
  return fetch(event.request).catch(function () {
    return caches
      .open(OFFLINE_CACHE)
      .then(function (cache) {
        return cache.match(OFFLINE_PAGE);
      })
      .then(function (page) {
        return page || Response.error();
      });
  });
}

function fromCacheOrNetwork(request) {
  return caches.open(FILES_CACHE).then(function (cache) {
    return cache.match(request.url).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok)
          cache.put(request.url, response.clone()).catch(function () {
            return undefined;
          });
        return response;
      });
    });
  });
}

self.addEventListener('fetch', function (event) {
  var kind = requestKind(event.request, context);
  if (kind === 'navigate') {
    event.respondWith(fromNetworkOrOffline(event));
    if (Date.now() - lastRefresh > REFRESH_EVERY_MS) event.waitUntil(refreshPrecache());
  } else if (kind === 'immutable') {
    event.respondWith(fromCacheOrNetwork(event.request));
  }
});
