const { createAppConfig } = require('../tooling/webpack.base');

module.exports = createAppConfig({
  app: 'mfe-session-room',
  title: 'Haven',
  exposes: { './app': './src/lifecycles.tsx' },
});
