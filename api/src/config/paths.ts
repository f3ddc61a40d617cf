// Where the api's files are, from source (src/*.ts run by tsx) and from the production build
// (dist/*.js bundles by scripts/build.mjs, whose import.meta.url is the bundle's, not the module's).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findApiRoot(from: string): string {
  let dir = path.dirname(from);
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`api: no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

/** Whether this is the built code (dist/*.js), which runs on plain node. */
export const BUILT = import.meta.url.endsWith('.js');
/** The api package folder (api/). */
export const API_ROOT = findApiRoot(fileURLToPath(import.meta.url));
/** src/ from source, dist/ when built: both keep db/migrations and realtime/worker beside each other. */
export const CODE_DIR = path.join(API_ROOT, BUILT ? 'dist' : 'src');
