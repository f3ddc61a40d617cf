// Host and port of the local realtime-database server, taken from the runtime config's
// realtimeDatabaseUrl (e.g. `http://localhost:4100?ns=haven-local`), for connectDatabaseEmulator.

export interface EmulatorHost {
  host: string;
  port: number;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'ws:': 80, 'https:': 443, 'wss:': 443 };

export function emulatorHostFromUrl(url: string): EmulatorHost | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const defaultPort = DEFAULT_PORTS[parsed.protocol];
  if (defaultPort === undefined || parsed.hostname === '') return null;
  const port = parsed.port === '' ? defaultPort : Number(parsed.port);
  // URL keeps IPv6 brackets ('[::1]'); the SDK wants the bare address.
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}
