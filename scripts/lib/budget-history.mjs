// The ratchet over the budgets file's history: every committed change to tooling/bundle-budgets.json since
// the ratchet was switched on (the first version with `"ratchet": true`), and the working tree's file
// against the last commit, judged by ratchetFailures. A shallow clone judges the versions it has.
// Before raises had to be paid for in the same change, a change could record one in `exceptions`. Such a
// raise stands only while it is owed or once it is paid: while today's file still carries its record, or
// when today's line is at or below where it stood before the raise. Its record leaves the file once every
// line it covers is paid back; a record removed earlier leaves the rest of its raise failing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ratchetFailures } from './budgets.mjs';

const FILE = 'tooling/bundle-budgets.json';

const git = (root, args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * A change that recorded its raise as an exception, judged as if the lines still owed (today's file keeps
 * the record) or paid back (today's line at or below the line before) had not moved.
 */
export function withPaidBackExceptions(before, after, today) {
  if (after.exceptions === undefined) return after;
  const known = new Set((before.exceptions ?? []).map((entry) => JSON.stringify(entry)));
  const owed = new Set((today.exceptions ?? []).map((entry) => JSON.stringify(entry)));
  const recorded = after.exceptions.filter((entry) => !known.has(JSON.stringify(entry)));
  const routes = {};
  for (const [route, lines] of Object.entries(after.routes)) {
    routes[route] = { ...lines };
    for (const [key, now] of Object.entries(lines)) {
      const old = before.routes[route]?.[key];
      if (old === undefined || now <= old) continue;
      const record = recorded.find((entry) => (entry.routes ?? []).includes(route) && (entry.kinds ?? []).includes(key));
      const paidBack = today.routes[route]?.[key] !== undefined && today.routes[route][key] <= old;
      if (record && (paidBack || owed.has(JSON.stringify(record)))) routes[route][key] = old;
    }
  }
  const judged = { ...after, routes };
  delete judged.exceptions;
  return judged;
}

/** The commit a change to the budgets file is judged against: BUDGET_BASE, the merge base with main off main, else HEAD~1. */
export function budgetBase(root) {
  if (process.env.BUDGET_BASE) return process.env.BUDGET_BASE;
  const head = git(root, ['rev-parse', 'HEAD']).trim();
  try {
    const base = git(root, ['merge-base', 'HEAD', 'main']).trim();
    if (base !== head) return base;
  } catch {
    // no main here (a detached checkout): the previous commit
  }
  return 'HEAD~1';
}

/** The ratchet on this change: `budgets` (the working tree's) against the base's file; nothing when the base has none. */
export function changeFailures(root, budgets, base = budgetBase(root)) {
  let before;
  try {
    before = JSON.parse(git(root, ['show', `${base}:${FILE}`]));
  } catch {
    return [];
  }
  if (!before.ratchet) return [];
  return ratchetFailures(before, budgets).map((failure) => `budgets file since ${base.slice(0, 10)}: ${failure}`);
}

/** @returns {string[]} one line per change that raised lines without lowering others by more */
export function budgetHistoryFailures(root) {
  const commits = git(root, ['log', '--format=%H', '--first-parent', '--', FILE]).split('\n').filter(Boolean).reverse();
  const versions = commits.map((commit) => ({ name: commit.slice(0, 10), budgets: JSON.parse(git(root, ['show', `${commit}:${FILE}`])) }));
  const today = JSON.parse(readFileSync(join(root, FILE), 'utf8'));
  versions.push({ name: 'the working tree', budgets: today });
  const failures = [];
  for (let i = 1; i < versions.length; i += 1) {
    const before = versions[i - 1];
    const after = versions[i];
    if (!before.budgets.ratchet) continue;
    const judged = after.name === 'the working tree' ? after.budgets : withPaidBackExceptions(before.budgets, after.budgets, today);
    for (const failure of ratchetFailures(before.budgets, judged)) failures.push(`${after.name}: ${failure}`);
  }
  return failures;
}
