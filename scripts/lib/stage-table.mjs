// `node scripts/lib/stage-table.mjs <stages.tsv> <stage-budgets.tsv>`: the gate's closing table, each
// stage's seconds against its budget line (scripts/stage-budgets.tsv) and its ceiling, the stages over
// their line marked, so a change that makes a stage slower shows in its own run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `name<TAB>budget` lines; `#` comments and blank lines skipped. */
export function parseBudgets(text) {
  const budgets = new Map();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [name, budget] = line.split('\t');
    const seconds = Number(budget);
    if (name && Number.isFinite(seconds)) budgets.set(name.trim(), seconds);
  }
  return budgets;
}

/** Rows of the gate's stages.tsv (`name, result, seconds, ceiling`), each with its budget and verdict. */
export function stageRows(stagesText, budgets) {
  return stagesText
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [name = '', result = '', took = '0', limit = ''] = line.split('\t');
      const seconds = Number(took);
      const budget = budgets.get(name);
      const over = budget !== undefined && result !== 'skipped' && seconds > budget ? seconds - budget : 0;
      return { name, result, seconds, limit, budget, over };
    });
}

export function formatStageTable(rows) {
  const lines = rows.map(({ name, result, seconds, limit, budget, over }) => {
    const line = `${budget === undefined ? '' : `/ ${budget}`}`.padEnd(7);
    const ceiling = limit ? `  (ceiling ${limit} s)` : '';
    return `${name.padEnd(46)} ${result.padEnd(12)} ${String(seconds).padStart(6)} s ${line}${ceiling}${over ? `  OVER BUDGET by ${over} s` : ''}`;
  });
  const over = rows.filter((r) => r.over > 0).map((r) => r.name);
  lines.push(
    over.length
      ? `Over their budget line: ${over.join(', ')} (scripts/stage-budgets.tsv)`
      : 'Every stage within its budget line (scripts/stage-budgets.tsv).',
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [stagesFile, budgetsFile] = process.argv.slice(2);
  const rows = stageRows(readFileSync(stagesFile, 'utf8'), parseBudgets(readFileSync(budgetsFile, 'utf8')));
  console.log('stage                                          result       seconds / budget');
  console.log(formatStageTable(rows));
}
