// The realtime server enforces the checked-in database.rules.json (the file a real Firebase project
// deploys): the owner-only tests (realtime.test.ts, session-room.test.ts) run against it; here, a changed
// copy of the file changes what is enforced, and a broken file is refused with its name and problem.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ref, set, get } from 'firebase/database';
import { within } from './helpers.js';
import { realtimeSuite } from './realtime-helpers.js';
import { DEFAULT_RULES_FILE, loadRules } from '../src/realtime/server.js';

const dir = mkdtempSync(path.join(tmpdir(), 'haven-rules-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const checkedIn = JSON.parse(readFileSync(DEFAULT_RULES_FILE, 'utf8')) as {
  rules: { users: { $firebaseid: Record<string, string | boolean> } };
};

// The copy: user records readable by any signed-in user, and written by nobody.
const changed = structuredClone(checkedIn);
changed.rules.users.$firebaseid = { '.read': 'auth != null', '.write': false };
const changedFile = path.join(dir, 'database.rules.json');
writeFileSync(changedFile, JSON.stringify(changed, null, 2));

const { client } = realtimeSuite({ env: { HAVEN_REALTIME_RULES: changedFile } });
const withTimeout = <T>(p: Promise<T>, ms = 5000) => within(p, ms, 'a realtime operation');

test('the rules file at the repository root is what the server loads by default', () => {
  assert.equal(DEFAULT_RULES_FILE, path.resolve(import.meta.dirname, '..', '..', 'database.rules.json'));
  assert.deepEqual(loadRules(), checkedIn);
  // Owner-only by default: no rule opens a record to every signed-in user.
  assert.equal(checkedIn.rules.users.$firebaseid['.read'], 'auth != null && auth.uid == $firebaseid');
});

test("a changed rules file changes the enforcement: another user's record readable, the own one not writable", async () => {
  const a = await client('patient@haven.test');
  const b = await client('employee@acme.test');
  await assert.rejects(withTimeout(set(ref(a.db, `users/${a.uid}`), { gaid: 'x' })), /permission_denied/i);
  const other = await withTimeout(get(ref(a.db, `users/${b.uid}`)));
  assert.equal(other.exists(), false); // readable (no denial), and empty
  // The rest of the file still holds: Status stays owner-only.
  await assert.rejects(withTimeout(set(ref(a.db, `Status/${b.uid}`), 'Offline')), /permission_denied/i);
  await withTimeout(set(ref(a.db, `Status/${a.uid}`), 'Online'));
});

test('a broken rules file is refused, naming the file and the problem', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['not-json.json', '{ rules: ', /not-json\.json: .*JSON/],
    ['no-rules.json', '{ "read": true }', /no-rules\.json: no "rules" object/],
    ['array.json', '{ "rules": [] }', /array\.json: no "rules" object/],
  ];
  for (const [name, text, message] of cases) {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    assert.throws(() => loadRules(file), message);
  }
  assert.throws(() => loadRules(path.join(dir, 'missing.json')), /missing\.json: ENOENT/);
});
