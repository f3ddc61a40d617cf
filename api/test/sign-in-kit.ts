// What the sign-in suites (auth, proofs, security) start from: the file's server and the demo organisations.
import { before } from 'node:test';
import { serverPerFile, type TestServer } from './helpers.js';
import type { BootOptions } from './support/server.js';
import { DEMO_ORGANISATIONS } from '../src/seed/demo-accounts.js';

export { DEMO_PASSWORD } from '../src/seed/demo-accounts.js';
export type { TestServer } from './helpers.js';

export const ACME = DEMO_ORGANISATIONS.acme.uuid;
export const GLOBEX = DEMO_ORGANISATIONS.globex.uuid;

/**
 * The file's api, booted once before its tests and closed after them, handed to `ready` (awaited) before the
 * first test: the file keeps it and its address there, and sets up what all its tests need.
 */
export function signInSuite(opts: BootOptions, ready: (srv: TestServer) => void | Promise<void>): void {
  const server = serverPerFile(opts);
  before(async () => {
    await ready(await server());
  });
}
