// `node scripts/lib/slowest-tests.mjs <playwright.json> [N]`: the N slowest browser tests of a run (every
// attempt, retries included), from Playwright's JSON report, so each run shows where its time went.
import { readFileSync } from 'node:fs';

const [file, count = '15'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const rows = [];
function walk(suite, titles) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const run of spec.tests ?? []) {
      for (const result of run.results ?? []) {
        rows.push({
          ms: result.duration,
          title: [...here, spec.title].join(' › '),
          where: `${spec.file}:${spec.line}`,
          project: run.projectName,
          status: result.status + (result.retry ? ` (retry ${result.retry})` : ''),
        });
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, here);
}
for (const suite of report.suites ?? []) walk(suite, []);
rows.sort((a, b) => b.ms - a.ms);
const total = rows.reduce((sum, { ms }) => sum + ms, 0);
console.log(`\n=== slowest ${count} browser tests (of ${rows.length} attempts, ${(total / 1000).toFixed(0)} s of worker time)`);
for (const { ms, title, where, project, status } of rows.slice(0, Number(count))) {
  console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${status.padEnd(8)} ${project ? `[${project}] ` : ''}${where}  ${title}`);
}
