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

// The ratchet: lines only go down. A line more than `slack` above what the build fetches is stale (the
// build shrank and the line must follow it down, `node scripts/check-budgets.mjs --lower`); a change to the
// file that raises lines must lower others by more in the same change.
export const RATCHET_SLACK = 0.01;
// A lowered line keeps this much room above the build it was lowered to.
export const RATCHET_ROOM = 0.004;
const KINDS = [
  ['maxGzipBytes', 'first paint', (entry) => entry.gzipBytes],
  ['maxTotalGzipBytes', 'in all', (entry) => entry.totalGzipBytes ?? entry.gzipBytes],
];

/** The line a route's figure is lowered to: the figure with RATCHET_ROOM, rounded up to 100 B. */
export const loweredLine = (bytes) => Math.ceil((bytes * (1 + RATCHET_ROOM)) / 100) * 100;

/**
 * Lines the build has moved away from: each one that sits more than RATCHET_SLACK above its figure.
 * @returns {Array<{ route: string, key: string, line: number, measured: number, lowerTo: number, message: string }>}
 */
export function staleLines(budgets, measured) {
  const stale = [];
  for (const [route, lines] of Object.entries(budgets.routes)) {
    const result = measured.find((entry) => entry.route === route);
    if (!result) continue;
    for (const [key, label, figure] of KINDS) {
      const line = lines[key];
      const bytes = figure(result);
      if (line === undefined || bytes === undefined || line <= bytes * (1 + RATCHET_SLACK)) continue;
      const lowerTo = loweredLine(bytes);
      stale.push({
        route,
        key,
        line,
        measured: bytes,
        lowerTo,
        message: `${route}: ${label} line ${line} B is stale, the build fetches ${bytes} B: lower it to ${lowerTo} B (node scripts/check-budgets.mjs --lower)`,
      });
    }
  }
  return stale;
}

/**
 * One change to the budgets file judged by the ratchet: raising lines is allowed only when the same change
 * lowers other routes' lines of the same kind (first paint, in all) by more. There is no other way to raise a
 * line: a change that records a new entry in `exceptions` fails (the one recorded before this rule stays only
 * until it is paid back, see budget-history.mjs). A route added or removed is neither.
 * @returns {string[]} one line per kind the change raised without paying for it
 */
export function ratchetFailures(before, after) {
  const failures = [];
  const known = new Set((before.exceptions ?? []).map((entry) => JSON.stringify(entry)));
  if ((after.exceptions ?? []).some((entry) => !known.has(JSON.stringify(entry)))) {
    failures.push('exceptions are not taken: a raise must be paid for by a larger lowering of the same kind in the same change');
  }
  for (const [key, label] of KINDS) {
    let raised = 0;
    let lowered = 0;
    const raisedRoutes = [];
    for (const [route, lines] of Object.entries(after.routes)) {
      const old = before.routes[route]?.[key];
      const now = lines[key];
      if (old === undefined || now === undefined) continue;
      if (now > old) {
        raised += now - old;
        raisedRoutes.push(`${route} ${old} -> ${now}`);
      } else lowered += old - now;
    }
    if (raised > 0 && lowered <= raised) {
      failures.push(`${label}: raised by ${raised} B (${raisedRoutes.join(', ')}) and lowered by only ${lowered} B elsewhere`);
    }
  }
  if (before.targets && after.targets) {
    for (const [route, target] of Object.entries(after.targets)) {
      if (before.targets[route] !== undefined && target > before.targets[route]) {
        failures.push(`target ${route} raised ${before.targets[route]} -> ${target}`);
      }
    }
  }
  return failures;
}
