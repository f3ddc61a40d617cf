// The bundle budget rules (tooling/bundle-budgets.json), as a pure function the check script and its
// unit test share. A route's figure is the gzip size of the scripts its cold load fetched before the
// route's heading was on screen (maxGzipBytes), and optionally of every script until the network was
// idle (maxTotalGzipBytes).

/**
 * @param {{ routes: Record<string, { maxGzipBytes: number, maxTotalGzipBytes?: number }>, eachModuleOnce: boolean }} budgets
 * @param {Array<{ route: string, gzipBytes: number, totalGzipBytes?: number, duplicates: string[] }>} measured
 * @returns {string[]} one line per broken rule (empty: within budget)
 */
export function budgetFailures(budgets, measured) {
  const failures = [];
  for (const [route, { maxGzipBytes, maxTotalGzipBytes }] of Object.entries(budgets.routes)) {
    const result = measured.find((entry) => entry.route === route);
    if (!result) {
      failures.push(`${route}: not measured`);
      continue;
    }
    if (result.gzipBytes > maxGzipBytes) failures.push(`${route}: ${result.gzipBytes} B of gzip JS, budget ${maxGzipBytes} B`);
    if (maxTotalGzipBytes !== undefined && (result.totalGzipBytes ?? result.gzipBytes) > maxTotalGzipBytes) {
      failures.push(`${route}: ${result.totalGzipBytes ?? result.gzipBytes} B of gzip JS in all, total budget ${maxTotalGzipBytes} B`);
    }
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
