// Module Federation settings every app shares: the singleton list and the remote names.
// Kept apart from the webpack base so each app's config reads the same as its siblings'.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const sharedPkg = require(path.join(root, 'shared/package.json'));

/** Runtime-config key (folder name) -> MF container name (must be a valid JS identifier). */
const REMOTES = ['mfe-auth', 'mfe-dashboard', 'mfe-booking', 'mfe-partner', 'mfe-session-room'];
const containerName = (app) => app.replace(/-/g, '_');

function versionOf(dep) {
  // The version installed is the one this build provides to the page.
  return require(require.resolve(`${dep}/package.json`, { paths: [path.join(root, 'shared')] })).version;
}

function singleton(dep, extra = {}) {
  const version = versionOf(dep);
  return { singleton: true, requiredVersion: `^${version.split('.')[0]}.0.0`, version, ...extra };
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
    'firebase/app': singleton('firebase'),
    'firebase/auth': singleton('firebase'),
    'firebase/database': singleton('firebase'),
    // A workspace package needs a real version: MF cannot check `workspace:*`.
    '@haven/shared': { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version },
  };
}

/** react-router-dom's own dependencies (react-router), so the facade can import them under pnpm. */
function routerResolveModules() {
  const rrd = fs.realpathSync(path.dirname(require.resolve('react-router-dom/package.json', { paths: [path.join(root, 'shared')] })));
  return path.resolve(rrd, '..');
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

module.exports = { REMOTES, containerName, provideRuntimeCorePlugin, sharedSingletons, routerResolveModules };
