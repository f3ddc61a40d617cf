// The api test runs (scripts/run-tests.sh, scripts/test-postgres.sh): the api's sources, its tests and the
// rules they import transpiled once into plain JavaScript, so that the ~80 test processes (and the
// database thread and realtime worker each test server starts) load JavaScript instead of sending every
// module through tsx's loader, each process again. Usage: node scripts/test-build.mjs <dir>, where <dir>
// is a new directory at the repository's top (tests read ../../docs and ../../database.rules.json from
// where they are). It is laid out like api/, so that every path the code or a test takes from its own
// location finds the same file:
//   package.json           {"type":"module"}; config/paths.ts finds the api's root here
//   src/, test/, scripts/  the JavaScript, beside a copy of the sources (migrations; a test reads src/*.ts)
//   dist -> src            where config/paths.ts looks for built code's files (workers, migrations)
//   rules.js               @haven/rules in one file (the imports of it point there)
//   node_modules, realtime, assets, README.md -> api's own
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] && path.resolve(process.argv[2]);
if (!out || path.dirname(out) !== path.dirname(api)) throw new Error('usage: test-build.mjs <new directory beside api/>');

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'package.json'), '{ "private": true, "type": "module" }\n');
for (const dir of ['src', 'test']) cpSync(path.join(api, dir), path.join(out, dir), { recursive: true });
symlinkSync('src', path.join(out, 'dist'));
for (const shared of ['node_modules', 'realtime', 'assets', 'README.md']) symlinkSync(path.join(api, shared), path.join(out, shared));

const tsFiles = (dir) =>
  readdirSync(path.join(api, dir), { recursive: true })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
const rules = path.join(out, 'rules.js');

/** Each file on its own (every import left as it is), but @haven/rules pointed at rules.js. */
const filePerFile = {
  name: 'file-per-file',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path !== '@haven/rules') return { path: args.path, external: true };
      const from = path.join(out, path.relative(api, path.dirname(args.importer)));
      return { path: `./${path.relative(from, rules).split(path.sep).join('/')}`.replace(/^\.\/\.\.\//, '../'), external: true };
    });
  },
};

const common = { platform: 'node', format: 'esm', target: 'node20', sourcemap: 'linked', logLevel: 'warning' };
await Promise.all([
  build({
    ...common,
    absWorkingDir: api,
    tsconfig: path.join(api, 'tsconfig.json'),
    entryPoints: [...tsFiles('src'), ...tsFiles('test'), ...tsFiles('scripts')],
    outbase: '.',
    outdir: out,
    bundle: true,
    plugins: [filePerFile],
  }),
  build({ ...common, entryPoints: [path.join(api, '..', 'rules', 'src', 'index.ts')], bundle: true, packages: 'external', outfile: rules }),
]);
