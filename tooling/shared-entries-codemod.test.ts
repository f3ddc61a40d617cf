/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The core-entries codemod (scripts/codemods/shared-entries.mjs) on a small stand-in workspace.
const ROOT = path.resolve(__dirname, '..');
let work: string;

function run(...args: string[]): { status: number; out: string } {
  try {
    return {
      status: 0,
      out: execFileSync(process.execPath, [path.join(ROOT, 'scripts/codemods/shared-entries.mjs'), ...args, '--root', work], {
        encoding: 'utf8',
        stdio: 'pipe',
      }),
    };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { status: failed.status, out: failed.stdout };
  }
}

function put(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
  writeFileSync(path.join(work, file), text);
}
const read = (file: string): string => readFileSync(path.join(work, file), 'utf8');

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shared-entries-'));
  put(
    'shared/package.json',
    JSON.stringify({
      exports: { '.': './src/core/index.ts', './forms': './src/entries/forms/index.ts', './package.json': './package.json' },
    }),
  );
  put('shared/src/core/index.ts', "export { apiClient, type Credentials } from './api';\nexport function reportError(): void {}\n");
  put('shared/src/entries/forms/index.ts', "export { useForm, Controller, type FieldValues } from 'react-hook-form';\n");
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const cases: Array<[string, string, string]> = [
  [
    'one line, names of both entries',
    "import { apiClient, useForm } from '@haven/shared';\n",
    "import { apiClient } from '@haven/shared';\nimport { useForm } from '@haven/shared/forms';\n",
  ],
  ['only a moved name', "import { useForm } from '@haven/shared';\n", "import { useForm } from '@haven/shared/forms';\n"],
  [
    'type-only import and inline types',
    "import type { FieldValues, Credentials } from '@haven/shared';\n",
    "import type { Credentials } from '@haven/shared';\nimport type { FieldValues } from '@haven/shared/forms';\n",
  ],
  [
    'several lines, an alias',
    "import {\n  reportError,\n  Controller as C,\n  type FieldValues,\n} from '@haven/shared';\n",
    "import { reportError } from '@haven/shared';\nimport { Controller as C, type FieldValues } from '@haven/shared/forms';\n",
  ],
  ['a name back in the root', "import { reportError } from '@haven/shared/forms';\n", "import { reportError } from '@haven/shared';\n"],
  [
    'a name no entry exports stays (the typecheck reports it)',
    "import { gone, useForm } from '@haven/shared';\n",
    "import { gone } from '@haven/shared';\nimport { useForm } from '@haven/shared/forms';\n",
  ],
  [
    'nothing to move',
    "import { apiClient } from '@haven/shared';\nimport { useForm } from '@haven/shared/forms';\n",
    "import { apiClient } from '@haven/shared';\nimport { useForm } from '@haven/shared/forms';\n",
  ],
];

test.each(cases)('%s', (_name, before, after) => {
  put('mfe-auth/src/page.tsx', before);
  expect(run().status).toBe(0);
  expect(read('mfe-auth/src/page.tsx')).toBe(after);
  // Idempotent: a second run changes nothing, and --check agrees.
  expect(run('--check')).toEqual({ status: 0, out: 'would rewrite 0 file(s)\n' });
  expect(read('mfe-auth/src/page.tsx')).toBe(after);
});

test('--check reports what would move and writes nothing', () => {
  put('shell/src/a.ts', "import { useForm } from '@haven/shared';\n");
  const result = run('--check');
  expect(result.status).toBe(1);
  expect(result.out).toContain('shell/src/a.ts');
  expect(read('shell/src/a.ts')).toBe("import { useForm } from '@haven/shared';\n");
});
