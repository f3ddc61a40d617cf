/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// An api source file stays small enough to read in one sitting: past 400 lines it holds more than one
// subject, and is split by what its parts are about. The seed data is exempt: it is a list, not logic.
const ROOT = path.resolve(__dirname, '..');
export const MAX_LINES = 400;
const EXEMPT = /^api\/src\/seed\//;

/** `file: N lines` for every file under api/src (seed data aside) longer than the limit. */
export function tooLong(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) => {
    if (!file.startsWith('api/src/') || EXEMPT.test(file)) return [];
    // A final newline ends the last line; it does not start another.
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    return lines > MAX_LINES ? [`${file}: ${lines} lines (at most ${MAX_LINES})`] : [];
  });
}

/** Tracked files and new ones not ignored, as they are in the working tree. */
function apiSourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'api/src'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
}

const lines = (n: number) => 'x\n'.repeat(n);

describe('api source files stay under the size limit', () => {
  it.each([
    ['a route file at the limit', 'api/src/routes/a.ts', lines(400), 0],
    ['a route file one line over', 'api/src/routes/a.ts', lines(401), 1],
    ['a long file without a final newline', 'api/src/core/b.ts', lines(400) + 'x', 1],
    ['a long migration', 'api/src/db/migrations/067_x.sql', lines(900), 1],
    ['long seed data', 'api/src/seed/providers.ts', lines(2000), 0],
    ['a long file outside api/src', 'shared/src/big.ts', lines(2000), 0],
  ])('%s', (_name, file, text, found) => {
    expect(tooLong([{ file, text }])).toHaveLength(found);
  });

  it('no file under api/src (seed data aside) is longer than the limit', () => {
    const files = apiSourceFiles().map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(tooLong(files)).toEqual([]);
  });
});
