// `node scripts/lib/slowest-tests.mjs <playwright.json> [N]`: the N slowest browser tests of a run (every
// attempt, retries included), from Playwright's JSON report, so each run shows where its time went.
import { readFileSync } from 'node:fs';
import { playwrightTests } from './playwright-report.mjs';

const [file, count = '15'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const rows = playwrightTests(report).flatMap(({ spec, run, title }) =>
  (run.results ?? []).map((result) => ({
    ms: result.duration,
    title,
    where: `${spec.file}:${spec.line}`,
    project: run.projectName,
    status: result.status + (result.retry ? ` (retry ${result.retry})` : ''),
  })),
);
rows.sort((a, b) => b.ms - a.ms);
const total = rows.reduce((sum, { ms }) => sum + ms, 0);
console.log(`\n=== slowest ${count} browser tests (of ${rows.length} attempts, ${(total / 1000).toFixed(0)} s of worker time)`);
for (const { ms, title, where, project, status } of rows.slice(0, Number(count))) {
  console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${status.padEnd(8)} ${project ? `[${project}] ` : ''}${where}  ${title}`);
}
