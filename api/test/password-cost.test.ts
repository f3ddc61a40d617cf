// The scrypt cost of password hashes: production always hashes at the real cost, whatever its
// environment says; off production a test run may lower it (HAVEN_TEST_PASSWORD_COST), and the test servers do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig, PASSWORD_COST } from '../src/core/config.js';
import { hashPassword, setPasswordCost, verifyPassword } from '../src/identity/index.js';
import { boot } from './support/server.js';
import { TEST_STAGE_ENV } from './support/runtime.js';

const PRODUCTION = {
  HAVEN_API_SECRET: 'a'.repeat(24) + '-api-secret-for-tests',
  HAVEN_FIREBASE_SECRET: 'b'.repeat(24) + '-firebase-secret-tests',
  HAVEN_FILES_DIR: '/srv/files',
  HAVEN_TRUST_PROXY: 'none',
};
const costOf = (hash: string) => Number(hash.split('$')[1]);

test('production hashes at the real cost, even with the test variable set', async () => {
  assert.equal(PASSWORD_COST, 16384);
  for (const env of [PRODUCTION, { ...PRODUCTION, HAVEN_TEST_PASSWORD_COST: '256' }]) {
    const config = loadConfig(env, { stage: 'production' });
    assert.equal(config.passwordCost, PASSWORD_COST);
    setPasswordCost(config.passwordCost);
    assert.equal(costOf(await hashPassword('pw')), PASSWORD_COST);
  }
});

test('off production a test run may lower the cost, to a power of two below the real one', () => {
  assert.equal(loadConfig({}, { stage: 'test' }).passwordCost, PASSWORD_COST);
  assert.equal(loadConfig({}, { stage: 'development' }).passwordCost, PASSWORD_COST);
  assert.equal(loadConfig({ HAVEN_TEST_PASSWORD_COST: '256' }, { stage: 'test' }).passwordCost, 256);
  // The test files' development-stage servers share the run's environment.
  assert.equal(loadConfig({ HAVEN_TEST_PASSWORD_COST: '256' }, { stage: 'development' }).passwordCost, 256);
  for (const [stage, raw] of [
    ['test', '1000'],
    ['test', '1'],
    ['test', '32768'],
    ['test', 'cheap'],
  ]) {
    assert.throws(() => loadConfig({ HAVEN_TEST_PASSWORD_COST: raw }, { stage }), ConfigError, `${stage} ${raw}`);
  }
});

test('a hash keeps its own cost: one made at the test cost still verifies at the real one, and back', async () => {
  setPasswordCost(256);
  const cheap = await hashPassword('first-pass1');
  setPasswordCost(PASSWORD_COST);
  const real = await hashPassword('first-pass1');
  assert.deepEqual([costOf(cheap), costOf(real)], [256, PASSWORD_COST]);
  assert.equal(await verifyPassword('first-pass1', cheap), true);
  assert.equal(await verifyPassword('first-pass1', real), true);
  assert.equal(await verifyPassword('other-pass1', cheap), false);
});

test("the test servers' demo accounts are hashed at the test cost", { skip: Boolean(process.env.DATABASE_URL) }, async () => {
  const srv = await boot();
  try {
    const rows = await srv.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = 'patient@haven.test'`);
    assert.equal(costOf(rows[0]!.password_hash), Number(TEST_STAGE_ENV.HAVEN_TEST_PASSWORD_COST));
  } finally {
    await srv.close();
  }
});
