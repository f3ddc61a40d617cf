/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// Comments and docs name the rule they follow in words (or point at docs/product-rules.md): a tracker
// number or a section number of a spec that a person who clones the repository cannot open tells a
// newcomer nothing. This fails when such a reference appears in a tracked file.
const ROOT = path.resolve(__dirname, '..');

// Written so that this file does not match itself.
const PATTERNS: { name: string; re: RegExp }[] = [
  { name: 'tracker number', re: /\bissues?\s+#?\d/i },
  { name: 'spec section', re: /(\bspec\s*)?\u00a7\s*\d/i },
];

// Generated from source that this test does check (regenerate with `pnpm -s gen:api`).
const GENERATED = new Set([
  'api/openapi.json',
  'shared/src/core/api/schema.generated.ts',
  'shared/src/entries/forms/form-limits.generated.ts',
]);

const TEXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json|md|sh|css|html|yml|yaml|sql|txt|webmanifest)$/;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && TEXT.test(file) && !GENERATED.has(file));
}

/** `file:line: text` for every line that names a tracker number or a spec section. */
export function referencesIn(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (PATTERNS.some(({ re }) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim().slice(0, 160)}`] : []));
}

describe('comments and docs name rules in words', () => {
  it('recognises both kinds of reference, and ordinary text', () => {
    expect(referencesIn('x.ts', `// the fee rule (${'issue'} 7)`)).toHaveLength(1);
    expect(referencesIn('x.ts', '/** Spec \u00a75: phone */')).toHaveLength(1);
    expect(referencesIn('x.md', 'see \u00a712 of the spec')).toHaveLength(1);
    expect(referencesIn('x.ts', '// see docs/product-rules.md, Fees; tissue 3 is not a reference')).toHaveLength(0);
  });

  it('no tracked source or doc names a tracker number or a spec section', () => {
    const found = trackedFiles().flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return referencesIn(file, text);
    });
    expect(found).toEqual([]);
  });
});
