const { createAppConfig } = require('../tooling/webpack.base');
const { REMOTE_EXPOSES } = require('../tooling/federation');

module.exports = createAppConfig({
  app: 'mfe-auth',
  title: 'Haven',
  exposes: REMOTE_EXPOSES,
});
