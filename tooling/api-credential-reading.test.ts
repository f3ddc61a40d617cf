/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// A request's credentials (access-token, a Bearer authorization, a cookie) are read in one place,
// credentialsOf in api/src/identity/sessions.ts: a second reading drifts from the first (one accepts a
// Bearer token, the other does not) and a route then decides who is asking differently.
const ROOT = path.resolve(__dirname, '..');
const THE_READER = 'api/src/identity/sessions.ts';
const READS = [
  /\.(authorization|cookie)\b/,
  /\[\s*['"](access-token|authorization|cookie)['"]\s*\]/,
  /['"]Bearer ['"]/, // a prefix check such as startsWith('Bearer ')
];

/** `file:line: text` for every line outside credentialsOf's file that reads a credential header. */
export function credentialReads(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    file === THE_READER || !/^api\/src\/.*\.ts$/.test(file)
      ? []
      : text.split('\n').flatMap((line, i) => (READS.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe("credentialsOf is the api's only reader of credential headers", () => {
  it.each([
    ['a route reading access-token itself', "if (!headers['access-token']) return null;", 1],
    ['a route reading authorization itself', 'const a = req.headers.authorization;', 1],
    ['a Bearer prefix check', "auth.startsWith('Bearer ')", 1],
    ['a cookie read', 'const c = req.headers.cookie;', 1],
    ['a route using credentialsOf', 'if (!credentialsOf(headers).token) return null;', 0],
    ['an outgoing authorization header', 'headers: { authorization: `Basic ${key}` },', 0],
    ['a token type in an answer', "token_type: 'Bearer'", 0],
  ])('%s', (_name, line, found) => {
    expect(credentialReads([{ file: 'api/src/routes/x.ts', text: line }])).toHaveLength(found);
    expect(credentialReads([{ file: THE_READER, text: line }])).toHaveLength(0);
  });

  it('no file under api/src reads them but identity/sessions.ts', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'api/src'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\0')
      .filter(Boolean)
      .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
    expect(credentialReads(files)).toEqual([]);
  });
});
