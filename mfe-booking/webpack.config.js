const { createAppConfig } = require('../tooling/webpack.base');

module.exports = createAppConfig({
  app: 'mfe-booking',
  title: 'Haven',
  exposes: { './app': './src/lifecycles.tsx' },
});
