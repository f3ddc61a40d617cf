// Start-up work: how much script a cold load of a route runs, as a count rather than a time, so the gate
// can hold a line without timing anything. V8's block coverage counts how often each range of each script
// ran; the route's work is the sum over every byte of the page's scripts of how often it ran (a function of
// 200 bytes called 50 times is 10,000; a loop body runs as often as the loop turns). It counts how much
// script ran, not how long it took (tight arithmetic runs many units a millisecond, DOM and layout work
// few), and it is the same from run to run where the page is. Scripts the page was given by an address
// (http) count; the browser's own do not.

/** Units of work from a `Profiler.takePreciseCoverage` result (detailed, with call counts). */
export function workUnits(coverage) {
  let work = 0;
  for (const script of coverage) {
    if (!/^https?:/.test(script.url)) continue;
    const ranges = script.functions.flatMap((fn) => fn.ranges);
    const end = ranges.reduce((max, range) => Math.max(max, range.endOffset), 0);
    // The innermost range decides a byte's count: paint outer ranges first, inner ones over them.
    const counts = new Float64Array(end);
    ranges.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
    for (const range of ranges) counts.fill(range.count, range.startOffset, range.endOffset);
    for (let i = 0; i < end; i += 1) work += counts[i];
  }
  return work;
}

/**
 * @param {{ routes: Record<string, { maxMillionUnits: number }> }} lines
 * @param {Array<{ route: string, millionUnits: number }>} measured
 * @returns {string[]} one line per route over its line, measured without one, or not measured
 */
export function startupWorkFailures(lines, measured) {
  const failures = [];
  for (const [route, { maxMillionUnits }] of Object.entries(lines.routes)) {
    const result = measured.find((entry) => entry.route === route);
    if (!result) failures.push(`${route}: not measured`);
    else if (result.millionUnits > maxMillionUnits) {
      failures.push(`${route}: start-up work ${result.millionUnits.toFixed(2)} M units, over its line of ${maxMillionUnits} M`);
    }
  }
  for (const { route } of measured) if (!lines.routes[route]) failures.push(`${route}: measured but has no line (add one)`);
  return failures;
}
