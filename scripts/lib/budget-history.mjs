// The ratchet over the budgets file's history: every committed change to tooling/bundle-budgets.json since
// the ratchet was switched on (the first version with `"ratchet": true`), and the working tree's file
// against the last commit, judged by ratchetFailures. A shallow clone judges the versions it has.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ratchetFailures } from './budgets.mjs';

const FILE = 'tooling/bundle-budgets.json';

const git = (root, args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** @returns {string[]} one line per change that raised lines without lowering others by more */
export function budgetHistoryFailures(root) {
  const commits = git(root, ['log', '--format=%H', '--first-parent', '--', FILE]).split('\n').filter(Boolean).reverse();
  const versions = commits.map((commit) => ({ name: commit.slice(0, 10), budgets: JSON.parse(git(root, ['show', `${commit}:${FILE}`])) }));
  versions.push({ name: 'the working tree', budgets: JSON.parse(readFileSync(join(root, FILE), 'utf8')) });
  const failures = [];
  for (let i = 1; i < versions.length; i += 1) {
    const before = versions[i - 1];
    const after = versions[i];
    if (!before.budgets.ratchet) continue;
    for (const failure of ratchetFailures(before.budgets, after.budgets)) failures.push(`${after.name}: ${failure}`);
  }
  return failures;
}
