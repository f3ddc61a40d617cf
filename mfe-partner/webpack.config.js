const { createAppConfig } = require('../tooling/webpack.base');

module.exports = createAppConfig({
  app: 'mfe-partner',
  title: 'Haven',
  exposes: { './app': './src/lifecycles.tsx' },
});
