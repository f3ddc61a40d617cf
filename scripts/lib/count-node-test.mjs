// Reads the closing counts of a test run's output: node:test ("# pass N" / "# fail N") or jest
// ("Tests: N failed, N passed"). Prints "passed failed" (cancelled tests count as failed); no counts
// found counts as one failure.
import { readFileSync } from 'node:fs';

const text = (() => {
  try {
    return readFileSync(process.argv[2], 'utf8');
  } catch {
    return '';
  }
})();
const last = (re) => {
  const all = [...text.matchAll(re)];
  return all.length ? Number(all[all.length - 1][1]) : null;
};
let pass = last(/^#? ?ℹ? ?pass (\d+)/gm);
let fail = last(/^#? ?ℹ? ?fail (\d+)/gm);
// A test stopped by its time limit is reported as cancelled, not failed: it counts as failed here.
const cancelled = last(/^#? ?ℹ? ?cancelled (\d+)/gm);
if (fail !== null && cancelled !== null) fail += cancelled;
if (pass === null) {
  const jest = text.match(/^Tests:\s+(.*)$/m);
  if (jest) {
    pass = Number(jest[1].match(/(\d+) passed/)?.[1] ?? 0);
    fail = Number(jest[1].match(/(\d+) failed/)?.[1] ?? 0);
  }
}
console.log(pass === null ? '0 1' : `${pass} ${fail ?? 0}`);
