// Plants one violation per import rule and prints what the checks say about each, as JSON: the lint rule
// tests (import-rules.test.ts) run this once. ESLint lints text under a path that need not exist; the
// circle check cruises a throwaway pair of files that import each other.
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { cruise } from 'dependency-cruiser';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const plants = JSON.parse(process.argv[2]);
const eslint = new ESLint({ cwd: root });

const lint = {};
for (const { name, filePath, code } of plants) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  lint[name] = (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const dir = mkdtempSync(join(tmpdir(), 'circle-'));
let circle;
try {
  writeFileSync(join(dir, 'a.mjs'), "import { b } from './b.mjs';\nexport const a = () => b;\n");
  writeFileSync(join(dir, 'b.mjs'), "import { a } from './a.mjs';\nexport const b = () => a;\n");
  const config = (await import(join(root, '.dependency-cruiser.cjs'))).default;
  const { output } = await cruise([dir], {
    ...config.options,
    tsConfig: undefined,
    exclude: undefined,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  circle = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify({ lint, circle }));
