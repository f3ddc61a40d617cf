// Plants one violation per import rule and prints what the checks say about each, as JSON: the lint rule
// tests (import-rules.test.ts) run this once. ESLint lints text under a path that need not exist; the
// circle check cruises a throwaway pair of files that import each other.
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { cruise } from 'dependency-cruiser';
import { domainCycleFailures } from '../../scripts/check-domain-cycles.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const plants = JSON.parse(process.argv[2]);
const eslint = new ESLint({ cwd: root });

const lint = {};
for (const { name, filePath, code } of plants) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  lint[name] = (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const config = (await import(join(root, '.dependency-cruiser.cjs'))).default;
/** Writes `files` (path -> text) into a throwaway folder, runs `check` on it, and removes it. */
async function inThrowawayTree(prefix, files, check) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return await check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
/** What the circle check says about a throwaway tree of `files`. */
const circlesIn = (files) =>
  inThrowawayTree('circle-', files, async (dir) => {
    const { output } = await cruise([dir], {
      ...config.options,
      tsConfig: undefined,
      exclude: undefined,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  });
/** What the domain check says about a throwaway api/src of `files`. */
const domainCirclesIn = (files) =>
  inThrowawayTree('domains-', files, (dir) => domainCycleFailures(dir, { ...config.options, tsConfig: undefined, exclude: undefined }));

const circle = await circlesIn({
  'a.mjs': "import { b } from './b.mjs';\nexport const a = () => b;\n",
  'b.mjs': "import { a } from './a.mjs';\nexport const b = () => a;\n",
});
// The web core's sign-in and api client once looped through type-only imports: those count.
const typeCircle = await circlesIn({
  'core/auth/login.ts': "import type { Client } from '../api/client';\nexport type Login = { client: Client };\n",
  'core/api/client.ts': "import type { Login } from '../auth/login';\nexport type Client = { last?: Login };\n",
});
// Two domains tied through different files: no file loop, still one circle of domains.
const domainCircle = await domainCirclesIn({
  'identity/index.ts': "export * from './accounts';\n",
  'identity/accounts.ts': "import { referral } from '../growth/index';\nexport const account = () => referral;\n",
  'growth/index.ts': "export * from './referrals';\nexport * from './newsletter';\n",
  'growth/referrals.ts': 'export const referral = 1;\n',
  'growth/newsletter.ts': "import { proof } from '../identity/tokens';\nexport const newsletter = () => proof;\n",
  'identity/tokens.ts': 'export const proof = 1;\n',
});
const domainsApart = await domainCirclesIn({
  'identity/index.ts': "import { referral } from '../growth/index';\nexport const account = () => referral;\n",
  'growth/index.ts': 'export const referral = 1;\n',
});
process.stdout.write(JSON.stringify({ lint, circle, typeCircle, domainCircle, domainsApart }));
