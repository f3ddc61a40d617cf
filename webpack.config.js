// Builds every app in one run (`pnpm build`); each app can also be built alone from its folder.
const apps = ['shell', 'mfe-auth', 'mfe-dashboard', 'mfe-booking', 'mfe-partner', 'mfe-session-room'];

module.exports = (env, argv) => {
  const only = process.env.HAVEN_APPS ? process.env.HAVEN_APPS.split(',') : apps;
  const configs = only.flatMap((app) => require(`./${app}/webpack.config.js`)(env, argv));
  configs.parallelism = 2;
  return configs;
};
