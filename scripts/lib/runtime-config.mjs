// The runtime config the local servers hand out (docs/contracts.md). A deployment serves its own file.
export const APPS = [
  { app: 'shell', port: 3000 },
  { app: 'mfe-auth', port: 3001 },
  { app: 'mfe-dashboard', port: 3002 },
  { app: 'mfe-booking', port: 3003 },
  { app: 'mfe-partner', port: 3004 },
  { app: 'mfe-session-room', port: 3005 },
];
export const API_PORT = 4000;
export const REALTIME_PORT = 4100;

export function localRuntimeConfig({
  host = 'localhost',
  stage = 'development',
  apiPort = API_PORT,
  realtimePort = REALTIME_PORT,
  ports = {},
} = {}) {
  const portOf = (app) => ports[app] ?? APPS.find((entry) => entry.app === app).port;
  return {
    stage,
    siteBaseUrl: `http://${host}:${portOf('shell')}`,
    apiBaseUrl: `http://${host}:${apiPort}/api/v1`,
    realtimeDatabaseUrl: `http://${host}:${realtimePort}?ns=haven-local`,
    firebase: { apiKey: 'local-dev-key', projectId: 'haven-local', authEmulatorUrl: `http://${host}:${apiPort}` },
    partnerIntegrationsHost: `partners.${host}:${portOf('shell')}`,
    // Local stand-ins (a reserved test domain, UK numbers from a range kept for fiction, Mumbai numbers no
    // exchange hands out since a subscriber number never starts with 0, example.com store pages); a
    // deployment's config.json names the real ones. Each country's own lines are shown to people located there.
    support: {
      email: 'support@haven.test',
      whatsapp: '+442079460123',
      phone: '+442079460124',
      byCountry: {
        IN: { whatsapp: '+912200000123', phone: '+912200000124' },
        GB: { whatsapp: '+442079460123', phone: '+442079460124' },
      },
    },
    appStores: { android: 'https://apps.example.com/haven/android', ios: 'https://apps.example.com/haven/ios' },
    // The api stands in for the asset host off production (it serves /avatars/).
    assetHost: `http://${host}:${apiPort}`,
    remotes: Object.fromEntries(
      APPS.filter((entry) => entry.app !== 'shell').map(({ app }) => [app, `http://${host}:${portOf(app)}/remoteEntry.js`]),
    ),
  };
}
