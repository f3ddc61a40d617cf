// `node scripts/lib/failed-tests.mjs <file>...`: every failed test of a run, with the first lines of its error,
// from node:test spec output (.txt), jest's --json report and Playwright's JSON report (flaky tests too, those
// that passed on retry). Printed just before the stage table, so a run's short tail names what broke.
import { readFileSync } from 'node:fs';
import { playwrightTests } from './playwright-report.mjs';

const MAX_TESTS = 20;
const ERROR_LINES = 3;

const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
const firstLines = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- colour codes in a reporter's error text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, ERROR_LINES);

/** node:test's spec reporter: "✖ title (12.3ms)" and the error indented under it. */
export function fromNodeTest(text, source) {
  const lines = text.split('\n');
  const found = new Map();
  lines.forEach((line, i) => {
    const mark = /^\s*✖ (.+?) \(\d+(?:\.\d+)?m?s\)\s*$/.exec(line);
    if (!mark || found.has(mark[1])) return;
    const indent = line.search(/\S/);
    const details = [];
    for (let j = i + 1; j < lines.length && details.length < ERROR_LINES; j += 1) {
      if (lines[j].trim() && lines[j].search(/\S/) <= indent) break;
      const detail = lines[j].trim();
      if (detail && !/^(at |\{|\}|generatedMessage|code:|actual:|expected:|operator:)/.test(detail)) details.push(detail);
    }
    // A file that failed after its tests passed says only 'test failed': its cause is the runner's note above it.
    if (details.length === 1 && details[0] === "'test failed'") {
      const note = lines.slice(Math.max(0, i - 3), i).find((above) => above.startsWith('ℹ Error:'));
      if (note) details.push(note.slice(2));
    }
    found.set(mark[1], details);
  });
  return [...found].map(([title, details]) => ({ source, title, details }));
}

export function fromJest(report, source) {
  return (report.testResults ?? []).flatMap((file) => [
    ...(file.assertionResults ?? [])
      .filter((result) => result.status === 'failed')
      .map((result) => ({
        source,
        title: `${file.name.split('/').slice(-2).join('/')} › ${result.fullName}`,
        details: firstLines(result.failureMessages?.[0]),
      })),
    ...(file.testExecError || (file.status === 'failed' && !file.assertionResults?.length)
      ? [{ source, title: file.name, details: firstLines(file.testExecError?.message ?? file.message) }]
      : []),
  ]);
}

export function fromPlaywright(report, source) {
  return playwrightTests(report)
    .filter(({ run }) => run.status === 'unexpected' || run.status === 'flaky')
    .map(({ spec, run, title }) => {
      const failedAttempt = (run.results ?? []).find((result) => result.status !== 'passed' && result.status !== 'skipped');
      return {
        source: run.status === 'flaky' ? `${source}, passed on retry` : source,
        title: `${spec.file}:${spec.line} › ${title}`,
        details: firstLines(failedAttempt?.error?.message),
      };
    });
}

export function failedTests(files) {
  return files.flatMap((file) => {
    const text = read(file);
    if (text === null) return [];
    const source = file.split('/').pop();
    if (!file.endsWith('.json')) return fromNodeTest(text, source);
    let report;
    try {
      report = JSON.parse(text);
    } catch {
      return [];
    }
    return report.testResults ? fromJest(report, source) : fromPlaywright(report, source);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const failed = failedTests(process.argv.slice(2));
  if (failed.length > 0) {
    console.log(`\n=== failed tests (${failed.length}), with the first lines of their errors`);
    for (const { source, title, details } of failed.slice(0, MAX_TESTS)) {
      console.log(`✖ [${source}] ${title}`);
      for (const detail of details) console.log(`    ${detail.slice(0, 200)}`);
    }
    if (failed.length > MAX_TESTS) console.log(`… and ${failed.length - MAX_TESTS} more (see each stage's output above)`);
  }
}
