const { createAppConfig } = require('../tooling/webpack.base');

// The host: no remote is named at build time; they come from /config.json at runtime.
module.exports = createAppConfig({ app: 'shell', title: 'Haven' });
