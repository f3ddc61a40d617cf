// The webpack base of every app (shell and remotes). An app's own config only names itself and its exposes.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { containerName, firebaseResolveModules, provideRuntimeCorePlugin, routerResolveModules, sharedSingletons } = require('./federation');
const { BOOT_STYLE } = require('./inline-styles');
const { EmitWebFontPlugin, FONT_URL } = require('./web-font');

const root = path.resolve(__dirname, '..');
const publicDir = path.join(__dirname, 'public');

/**
 * Copies tooling/public (favicon, share image) into every app's build: each app is deployed on its own.
 * An app may add its own folder (the shell: web app manifest, icons, offline page).
 */
class EmitPublicFilesPlugin {
  constructor(dir = publicDir) {
    this.dir = dir;
  }

  apply(compiler) {
    const dir = this.dir;
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitPublicFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const name of fs.readdirSync(dir)) {
            compilation.emitAsset(name, new RawSource(fs.readFileSync(path.join(dir, name))));
          }
        },
      );
    });
  }
}

/**
 * Production source maps are not public: webpack writes them without a `sourceMappingURL` comment
 * (`hidden-source-map`) and this plugin moves them out of the served folder into `<dist>-sourcemaps/`
 * (upload them to the error tracker, README "Deploying"; `npm run bench:cpu` reads them there).
 */
class MoveSourceMapsPlugin {
  /** @param {{ outputPath: string, clean: boolean }} options clean: empty the folder first (once per app build) */
  constructor({ outputPath, clean }) {
    this.dir = sourceMapsDir(outputPath);
    this.clean = clean;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('MoveSourceMapsPlugin', (compilation) => {
      if (this.clean) fs.rmSync(this.dir, { recursive: true, force: true });
      const outputPath = compilation.outputOptions.path;
      for (const { name } of compilation.getAssets()) {
        if (!name.endsWith('.map')) continue;
        const target = path.join(this.dir, name);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(path.join(outputPath, name), target);
      }
    });
  }
}

/** Where a build's source maps go: beside its output folder, never inside it (`mfe-auth/dist-sourcemaps`). */
function sourceMapsDir(outputPath) {
  return `${outputPath.replace(/[\\/]+$/, '')}-sourcemaps`;
}

const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';

/**
 * The libraries every page starts with (react, react-dom, zustand, single-spa, react-router and its facade):
 * one chunk instead of one per shared module. Each was a request of its own at boot (a dozen scripts, six of
 * them under 1.5 KB), and every script pays its response headers and chunk wrapper; all of them load before
 * the first render anyway. Only these singletons and what they import: a page reaches them through the
 * share scope, so no lazy chunk of a remote ever pulls this one in.
 */
const FRAMEWORK_CHUNK = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|zustand|single-spa|single-spa-react|react-router)[\\/]|[\\/]tooling[\\/]shared-facades[\\/]react-router-dom\.js$/,
  name: 'framework',
  chunks: 'async',
  enforce: true,
  priority: 20,
};

/** axios' fetch adapter, replaced in the web builds by tooling/shared-facades/axios-no-fetch-adapter.js. */
const AXIOS_FETCH_ADAPTER = /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;

/**
 * Every page is a browser page and the shell registers each remote by its `remoteEntry.js` (see
 * shell/src/federation/remote-entry.ts): the runtime needs neither its Node script loader nor the
 * manifest/snapshot plugins, and leaving them out of runtime-core and the bundler runtime saves about
 * 9 KB gzip on every route (lever table in docs/performance.md).
 */
const FEDERATION_OPTIMIZATION = { disableSnapshot: true, target: 'web' };

/**
 * The federation runtime for a remote's standalone page (tooling/federation-runtime-global.js), written
 * into the remote's dist after the remote itself is built (the remote's build cleans dist).
 */
function federationRuntimeConfig(app, production, outputPath) {
  const appDir = path.join(root, app);
  return {
    name: `${app}-federation-runtime`,
    dependencies: [app],
    context: appDir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'hidden-source-map' : false,
    entry: { runtime: path.join(__dirname, 'federation-runtime-global.js') },
    output: { path: outputPath, filename: FEDERATION_RUNTIME_FILE, clean: false, uniqueName: `${containerName(app)}_federation_runtime` },
    resolve: { alias: { '@module-federation/runtime-core$': runtimeCoreDir() } },
    // The same runtime-core diet as the shell's (the MF plugin defines these there; this build has no MF plugin).
    plugins: [
      new webpack.DefinePlugin({
        FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: FEDERATION_OPTIMIZATION.disableSnapshot,
        ENV_TARGET: JSON.stringify(FEDERATION_OPTIMIZATION.target),
      }),
      ...(production ? [new MoveSourceMapsPlugin({ outputPath, clean: false })] : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/** The runtime-core package the bundler runtime uses (a dependency of a dependency under pnpm). */
function runtimeCoreDir() {
  const enhanced = fs.realpathSync(path.join(root, 'node_modules/@module-federation/enhanced'));
  const bundlerRuntime = path.dirname(require.resolve('@module-federation/webpack-bundler-runtime', { paths: [enhanced] }));
  const entry = require.resolve('@module-federation/runtime-core', { paths: [bundlerRuntime] });
  return entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
}

/**
 * A remote builds two configs: the remote, and the federation runtime its standalone page loads.
 * @param {{ app: string, title: string, exposes?: Record<string, string> }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration[]}
 */
function createAppConfig(options) {
  const single = createSingleAppConfig(options);
  return (env, argv = {}) => {
    const config = single(env, argv);
    const outputPath = /** @type {string} */ (config.output?.path);
    return options.exposes ? [config, federationRuntimeConfig(options.app, argv.mode !== 'development', outputPath)] : [config];
  };
}

/**
 * @param {{ app: string, title: string, exposes?: Record<string, string> }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createSingleAppConfig({ app, title, exposes }) {
  const appDir = path.join(root, app);
  return (env, argv = {}) => {
    const production = argv.mode !== 'development';
    // `--env outputPath=<dir>`: `pnpm release` builds one remote outside its dist (scripts/release.mjs).
    const outputPath = typeof env?.outputPath === 'string' ? path.resolve(env.outputPath) : path.join(appDir, 'dist');
    return {
      name: app,
      context: appDir,
      mode: production ? 'production' : 'development',
      // No eval-based devtool in development either: the pages' CSP allows no 'unsafe-eval'.
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: outputPath,
        // Remotes are served from their own origin: chunks resolve against where remoteEntry came from.
        publicPath: 'auto',
        // Entry chunks keep plain names: webpack 5.111 + MF 2.9 cannot hash a chunk that carries the
        // federation runtime (module-federation/core#5077). They are served no-cache; all else is hashed.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: '[name].[contenthash:10][ext]',
        clean: true,
        uniqueName: containerName(app),
        // A module that throws while it loads (a broken release, a shared core refused by its version)
        // leaves the cache: the shell's retry then fails again with the real error instead of receiving a
        // half-initialised expose whose lifecycles die later with a misleading one.
        strictModuleExceptionHandling: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        modules: ['node_modules', routerResolveModules(), firebaseResolveModules()],
        // The engagement SDK's crypto-js falls back to Node's crypto only when the browser has none
        // (inside a try): nothing to bundle for it.
        fallback: { crypto: false },
        // GrowthBook's visual-editor DOM changes are never applied (tooling/shared-facades/no-dom-mutations.js).
        alias: { 'dom-mutator$': path.join(__dirname, 'shared-facades/no-dom-mutations.js') },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          // Stylesheets are files (fetched with their chunk and applied before its code runs: no flash of
          // unstyled content), not JavaScript that injects <style>: the CSP allows no inline style it has
          // no hash for, in development too.
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: containerName(app),
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: sharedSingletons(),
          // A dead remote must not block start-up: use what is already loaded first.
          shareStrategy: 'loaded-first',
          manifest: true,
          // Types are shared through @haven/shared's typed contract, not generated per remote.
          dts: false,
          // One federation runtime per page: the shell (a pure consumer) provides runtime-core on a global
          // and every remote entry uses it instead of carrying its own copy (see federation.js).
          ...(exposes
            ? { experiments: { externalRuntime: true, optimization: FEDERATION_OPTIMIZATION } }
            : { runtimePlugins: [provideRuntimeCorePlugin()], experiments: { optimization: FEDERATION_OPTIMIZATION } }),
        }),
        // axios' fetch adapter is never the one that sends in a browser (xhr comes first in its list).
        new webpack.NormalModuleReplacementPlugin(AXIOS_FETCH_ADAPTER, path.join(__dirname, 'shared-facades/axios-no-fetch-adapter.js')),
        production
          ? new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })
          : new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].css' }),
        ...(production ? [new MoveSourceMapsPlugin({ outputPath, clean: true })] : []),
        new EmitPublicFilesPlugin(),
        new EmitWebFontPlugin(),
        new HtmlWebpackPlugin({
          template: path.join(root, 'tooling/index.html'),
          title,
          // The first-paint frame's styles, inline (allowed by their CSP hash, tooling/inline-styles.js).
          bootStyle: BOOT_STYLE,
          // Preloaded: the first paint's text asks for it at once instead of after the stylesheet is parsed.
          fontUrl: FONT_URL,
          // A remote's standalone page loads the federation runtime the shell would otherwise provide.
          federationRuntime: exposes ? `/${FEDERATION_RUNTIME_FILE}` : null,
          // The installable web app is the shell's (its manifest and service worker live beside it).
          webAppManifest: !exposes,
          chunks: ['main'],
          // Deep links (/auth/log-in/) must still find /main.js; chunks keep resolving via publicPath 'auto'.
          publicPath: '/',
          scriptLoading: 'defer',
          // main.js has no content hash (see output.filename): bust caches per build instead.
          hash: true,
        }),
      ],
      optimization: {
        moduleIds: 'deterministic',
        // HTML is not minified: webpack's minifier would rewrite the pages' inline <style> text, which the
        // CSP allows by the hash of its source (tooling/inline-styles.js). The pages are small.
        minimizeOptions: { html: false },
        // swc's minifier in place of terser: a third of the build's CPU time, and output ~0.7 % smaller
        // gzipped (measured on every app of this build).
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })],
        splitChunks: {
          cacheGroups: {
            framework: FRAMEWORK_CHUNK,
            // webpack's own vendor group, with the facades and stand-ins of tooling/shared-facades counted as
            // the library they stand for: each goes into its library's chunk instead of staying behind, alone,
            // in a chunk and a request of its own (the firebase facades, GrowthBook's dom-mutator, axios' fetch adapter).
            defaultVendors: {
              test: /[\\/]node_modules[\\/]|[\\/]tooling[\\/]shared-facades[\\/]/,
              idHint: 'vendors',
              priority: -10,
              reuseExistingChunk: true,
            },
          },
        },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'error' },
    };
  };
}

module.exports = { createAppConfig, AXIOS_FETCH_ADAPTER, FEDERATION_OPTIMIZATION, EmitPublicFilesPlugin, sourceMapsDir };
