const { createAppConfig } = require('../tooling/webpack.base');

module.exports = createAppConfig({
  app: 'mfe-dashboard',
  title: 'Haven',
  exposes: { './app': './src/lifecycles.tsx' },
});
