const path = require('node:path');
const { createAppConfig, EmitPublicFilesPlugin } = require('../tooling/webpack.base');
const { ServiceWorkerPlugin } = require('./pwa/build-service-worker');
const { BootPreloadPlugin } = require('../tooling/boot-preload-plugin');

// The host: no remote is named at build time; they come from /config.json at runtime. It alone is the
// installable web app: manifest, icons and offline page (shell/public) and the service worker (shell/pwa).
const base = createAppConfig({ app: 'shell', title: 'Haven' });

module.exports = (env, argv) =>
  base(env, argv).map((config) => ({
    ...config,
    plugins: [
      ...config.plugins,
      new EmitPublicFilesPlugin(path.join(__dirname, 'public')),
      new ServiceWorkerPlugin(),
      new BootPreloadPlugin(),
    ],
  }));
