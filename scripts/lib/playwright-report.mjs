// Playwright's JSON report as a flat list: every test of every project, with its describe titles joined
// to its own (file names left out), for the gate's summaries (slowest-tests.mjs, failed-tests.mjs).
export function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) tests.push({ spec, run, title: [...here, spec.title].join(' › ') });
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return tests;
}
