/* global describe, expect, test */
import { formatStageTable, parseBudgets, stageRows } from './stage-table.mjs';

const budgets = parseBudgets('# comment\n\nbuild\t160\napi integration tests\t420\nwhole run\t1200\n');

describe('the gate stage table', () => {
  test.each([
    ['build', 'ok', 150, 0],
    ['build', 'ok', 160, 0],
    ['build', 'ok', 175, 15],
    ['api integration tests', 'failed (1)', 500, 80],
    ['browser tests', 'skipped', 0, 0],
    ['build', 'skipped', 999, 0],
  ])('%s %s in %i s is %i s over its line', (name, result, seconds, over) => {
    const [row] = stageRows(`${name}\t${result}\t${seconds}\t900\n`, budgets);
    expect(row.over).toBe(over);
  });

  test('a stage over its line is marked and named at the end', () => {
    const text = formatStageTable(stageRows('build\tok\t175\t900\nwhole run\t\t1100\t\n', budgets));
    expect(text).toMatch(/^build .* 175 s \/ 160 .*OVER BUDGET by 15 s$/m);
    expect(text).toMatch(/Over their budget line: build \(/);
    expect(text).not.toMatch(/whole run.*OVER/);
  });

  test('within every line says so', () => {
    expect(formatStageTable(stageRows('build\tok\t100\t900\n', budgets))).toMatch(/Every stage within its budget line/);
  });
});
