const { createAppConfig } = require('../tooling/webpack.base');

module.exports = createAppConfig({
  app: 'mfe-auth',
  title: 'Haven',
  exposes: { './app': './src/lifecycles.tsx' },
});
