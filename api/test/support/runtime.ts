// The environment the api runs with under test, in one place: every test server (support/server.ts),
// the run's seeded database snapshot (scripts/test-db-snapshot.ts), and the production-stage processes
// of test-cluster and test-faults.
import { randomBytes } from 'node:crypto';

/** What every test-stage server runs with, unless the test set its own value first. */
export const TEST_STAGE_ENV: Readonly<Record<string, string>> = {
  // The suites written before the unpaid-hold limits hold many checkouts per demo account; the limits
  // have their own tests (test/money.test.ts and provider-day-holds set them back before booting).
  HAVEN_MAX_UNPAID_HOLDS: '1000',
  HAVEN_MAX_PROVIDER_DAY_HOLDS: '1000',
  // A cheap password hash (scrypt N=256 instead of 16384): every sign-in verifies one. Production
  // ignores it (core/config.ts); the seeded demo accounts are hashed with it too.
  HAVEN_TEST_PASSWORD_COST: '256',
};

/** Puts TEST_STAGE_ENV into this process's environment, keeping what a test set before. */
export function applyTestStageEnv(): void {
  for (const [k, v] of Object.entries(TEST_STAGE_ENV)) process.env[k] ??= v;
}

/**
 * A production deployment's own settings for a test: fresh secrets, uploaded files in `filesDir`, no
 * local realtime server, and the proxy setting production must state (none: the tests connect directly).
 */
export function productionTestEnv(filesDir: string): Record<string, string> {
  return {
    HAVEN_STAGE: 'production',
    HAVEN_API_SECRET: `api-${randomBytes(24).toString('hex')}`,
    HAVEN_FIREBASE_SECRET: `fb-${randomBytes(24).toString('hex')}`,
    HAVEN_FILES_DIR: filesDir,
    HAVEN_REALTIME: 'off',
    HAVEN_TRUST_PROXY: 'none',
  };
}
