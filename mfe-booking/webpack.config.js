const { createAppConfig } = require('../tooling/webpack.base');
const { REMOTE_EXPOSES } = require('../tooling/federation');

module.exports = createAppConfig({
  app: 'mfe-booking',
  title: 'Haven',
  exposes: REMOTE_EXPOSES,
});
