// Module Federation settings every app shares: the singleton list and the remote names.
// Kept apart from the webpack base so each app's config reads the same as its siblings'.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const sharedPkg = require(path.join(root, 'shared/package.json'));

/** Runtime-config key (folder name) -> MF container name (must be a valid JS identifier). */
const REMOTES = ['mfe-auth', 'mfe-dashboard', 'mfe-booking', 'mfe-partner', 'mfe-session-room'];
const containerName = (app) => app.replace(/-/g, '_');
/**
 * What every remote exposes: `./app`, the single-spa lifecycles typed as `RemoteAppExpose` in
 * @haven/shared (each remote's src/expose-contract.ts checks its file against it; docs/contracts.md).
 */
const REMOTE_EXPOSES = { './app': './src/lifecycles.tsx' };

function versionOf(dep) {
  // The version installed is the one this build provides to the page.
  return require(require.resolve(`${dep}/package.json`, { paths: [path.join(root, 'shared')] })).version;
}

/**
 * The version contract of every singleton (docs/contracts.md, "Version skew"): a build accepts any
 * version of the same major (`^MAJOR.0.0`), so a remote built against a newer minor runs on an older
 * shell's copy; another major is refused at load (`strictVersion`: the runtime throws, the shell shows
 * the error screen on that remote's routes) instead of loading a second copy beside the first.
 */
function singleton(dep, extra = {}) {
  return versionContract(versionOf(dep), extra);
}

function versionContract(version, extra = {}) {
  return { singleton: true, strictVersion: true, requiredVersion: `^${version.split('.')[0]}.0.0`, version, ...extra };
}

/** One download per page, one instance per page: react, router, state, the API client and the core. */
function sharedSingletons() {
  const react = singleton('react');
  const reactDom = singleton('react-dom');
  return {
    react,
    'react/jsx-runtime': react,
    'react-dom': reactDom,
    'react-dom/client': reactDom,
    // Shared through a tree-shaken facade: see tooling/shared-facades/react-router-dom.js.
    'react-router-dom': singleton('react-router-dom', { import: path.join(__dirname, 'shared-facades/react-router-dom.js') }),
    zustand: singleton('zustand'),
    // zustand's index re-exports its vanilla store: share that entry too, or it comes twice.
    'zustand/vanilla': singleton('zustand'),
    'single-spa': singleton('single-spa'),
    'single-spa-react': singleton('single-spa-react'),
    axios: singleton('axios'),
    // Through tree-shaken facades too: the names shared/src/core/realtime/firebase-surface.ts lists.
    'firebase/app': singleton('firebase', { import: path.join(__dirname, 'shared-facades/firebase-app.js') }),
    'firebase/auth': singleton('firebase', { import: path.join(__dirname, 'shared-facades/firebase-auth.js') }),
    'firebase/database': singleton('firebase', { import: path.join(__dirname, 'shared-facades/firebase-database.js') }),
    // A workspace package needs a real version: MF cannot check `workspace:*`. Semver of the core's
    // public surface (shared/src/core/index.ts): a minor adds, a major removes or changes.
    '@haven/shared': versionContract(sharedPkg.version),
    // The core's lazy entries (shared/package.json "exports"): singletons of their own, downloaded by the
    // routes that import them.
    '@haven/shared/forms': versionContract(sharedPkg.version),
    '@haven/shared/booking-rules': versionContract(sharedPkg.version),
    '@haven/shared/dashboard-rules': versionContract(sharedPkg.version),
    '@haven/shared/form-kit': versionContract(sharedPkg.version),
    '@haven/shared/session-times': versionContract(sharedPkg.version),
    '@haven/shared/auth-flows': versionContract(sharedPkg.version),
    '@haven/shared/crisis': versionContract(sharedPkg.version),
    '@haven/shared/payment-gateway': versionContract(sharedPkg.version),
    // Not shared: `@haven/shared/design` (the controls, pictures and icons) holds no state, so each page that
    // uses it bundles only the parts it imports, tree-shaken, and no route pays its share-table lines.
    // `@haven/shared/contact-fields` (the phone and one-time-code fields) likewise.
  };
}

/** react-router-dom's own dependencies (react-router), so the facade can import them under pnpm. */
function routerResolveModules() {
  const rrd = fs.realpathSync(path.dirname(require.resolve('react-router-dom/package.json', { paths: [path.join(root, 'shared')] })));
  return path.resolve(rrd, '..');
}

/** firebase's own packages (@firebase/app, /auth, /database), which its facades import under pnpm. */
function firebaseResolveModules() {
  const firebase = fs.realpathSync(path.dirname(require.resolve('firebase/package.json', { paths: [path.join(root, 'shared')] })));
  return path.resolve(firebase, '..');
}

/**
 * The runtime plugin that puts the host's runtime-core on the global remote entries built with
 * `experiments.externalRuntime` read. MF's own `provideExternalRuntime` resolves the plugin's CommonJS
 * build, which pulls in a second (CommonJS) copy of runtime-core beside the ESM one the bundler runtime
 * uses (+24 KB gzip): point at its ESM build so the host carries runtime-core once.
 */
function provideRuntimeCorePlugin() {
  const enhanced = fs.realpathSync(path.join(root, 'node_modules/@module-federation/enhanced'));
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [enhanced] });
  return cjs.replace(/index\.cjs$/, 'index.js');
}

module.exports = {
  REMOTES,
  REMOTE_EXPOSES,
  containerName,
  provideRuntimeCorePlugin,
  sharedSingletons,
  routerResolveModules,
  firebaseResolveModules,
  versionContract,
};
