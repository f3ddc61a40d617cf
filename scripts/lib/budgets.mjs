// The bundle budget rules (tooling/bundle-budgets.json), as a pure function the check script and its
// unit test share. A route's figure is the gzip size of every script its cold load fetched.

/**
 * @param {{ routes: Record<string, { maxGzipBytes: number }>, eachModuleOnce: boolean }} budgets
 * @param {Array<{ route: string, gzipBytes: number, duplicates: string[] }>} measured
 * @returns {string[]} one line per broken rule (empty: within budget)
 */
export function budgetFailures(budgets, measured) {
  const failures = [];
  for (const [route, { maxGzipBytes }] of Object.entries(budgets.routes)) {
    const result = measured.find((entry) => entry.route === route);
    if (!result) failures.push(`${route}: not measured`);
    else if (result.gzipBytes > maxGzipBytes) failures.push(`${route}: ${result.gzipBytes} B of gzip JS, budget ${maxGzipBytes} B`);
  }
  for (const { route } of measured) {
    if (!budgets.routes[route]) failures.push(`${route}: measured but has no budget (add one)`);
  }
  if (budgets.eachModuleOnce) {
    for (const { route, duplicates } of measured) {
      for (const duplicate of duplicates) failures.push(`${route}: downloaded twice: ${duplicate}`);
    }
  }
  return failures;
}
