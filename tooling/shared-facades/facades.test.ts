import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Every name an app imports from 'react-router-dom' must be in the shared facade, or it would be
// undefined at runtime in the federated build.
const root = join(__dirname, '../..');
const facade = readFileSync(join(__dirname, 'react-router-dom.js'), 'utf8');
const exported = new Set(facade.match(/^\s+(\w+),?$/gm)?.map((line) => line.trim().replace(',', '')) ?? []);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(t|j)sx?$/.test(name) && !/\.test\.(t|j)sx?$/.test(name) ? [path] : [];
  });
}

const apps = ['shared', 'shell', 'mfe-auth', 'mfe-dashboard', 'mfe-booking', 'mfe-partner', 'mfe-session-room'];
const imports = apps
  .flatMap((app) => sourceFiles(join(root, app, 'src')))
  .flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'react-router-dom'/g)].flatMap((match) =>
      (match[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
        .map((name) => ({ file: file.slice(root.length + 1), name: name.split(/\s+as\s+/)[0] as string })),
    ),
  );

describe('react-router-dom facade', () => {
  it('exports the client routing API', () => {
    expect(exported.has('BrowserRouter')).toBe(true);
    expect(exported.has('useNavigate')).toBe(true);
  });

  it('covers every name the apps import', () => {
    const missing = imports.filter(({ name }) => !exported.has(name)).map(({ file, name }) => `${file}: ${name}`);
    expect(missing).toEqual([]);
  });
});

// The firebase facades export exactly the names the core's types allow (shared/src/core/realtime/firebase-surface.ts):
// a name the types allow but a facade lacks would be undefined at runtime; one a facade has but the
// types do not is dead weight.
describe('firebase facades', () => {
  const surface = readFileSync(join(root, 'shared/src/core/realtime/firebase-surface.ts'), 'utf8');
  const picked = (typeName: string) => {
    const body = surface.match(new RegExp(`type ${typeName} = Pick<\\s*typeof import\\('[^']+'\\),([^>]+)>`))?.[1] ?? '';
    return [...body.matchAll(/'(\w+)'/g)].map((m) => m[1]).sort();
  };
  const facadeNames = (file: string) => {
    const text = readFileSync(join(__dirname, file), 'utf8');
    const list = text.match(/export \{([^}]+)\} from/)?.[1] ?? '';
    return list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .sort();
  };

  it.each([
    ['firebase-app.js', 'FirebaseAppSdk'],
    ['firebase-auth.js', 'FirebaseAuthSdk'],
    ['firebase-database.js', 'FirebaseDatabaseSdk'],
  ])('%s exports what %s allows', (file, typeName) => {
    const names = picked(typeName);
    expect(names.length).toBeGreaterThan(1);
    expect(facadeNames(file)).toEqual(names);
  });
});

// The web builds give axios an adapter list whose fetch entry is never available (webpack.base.js,
// axios-no-fetch-adapter.js). That holds only while axios still tries xhr first and reads the fetch adapter
// through `getFetch` from './fetch.js': an axios release that changes either must fail here, not in a browser.
describe('axios without its fetch adapter', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack base is CommonJS (webpack reads it as is)
  const { AXIOS_FETCH_ADAPTER } = require('../webpack.base.js') as { AXIOS_FETCH_ADAPTER: RegExp };
  const axiosDir = dirname(require.resolve('axios/package.json', { paths: [join(root, 'shared')] }));
  const source = (file: string) => readFileSync(join(axiosDir, 'lib', file), 'utf8');

  it('replaces the module axios resolves as its fetch adapter, and nothing else of axios', () => {
    expect(AXIOS_FETCH_ADAPTER.test(join(axiosDir, 'lib/adapters/fetch.js'))).toBe(true);
    expect(AXIOS_FETCH_ADAPTER.test(join(axiosDir, 'lib/adapters/xhr.js'))).toBe(false);
  });

  it('axios sends with xhr first and reaches the fetch adapter only through getFetch', () => {
    expect(source('defaults/index.js')).toMatch(/adapter: \['xhr', 'http', 'fetch'\]/);
    expect(source('adapters/adapters.js')).toMatch(/import \* as fetchAdapter from '\.\/fetch\.js'/);
    expect(source('adapters/adapters.js').match(/fetchAdapter\.\w+/g)).toEqual(['fetchAdapter.getFetch']);
  });

  it('the replacement is an adapter no request can get', async () => {
    const replacement = (await import('./axios-no-fetch-adapter.js')) as { getFetch: () => unknown; default: unknown };
    expect(replacement.getFetch()).toBe(false);
    expect(replacement.default).toBe(false);
  });
});
