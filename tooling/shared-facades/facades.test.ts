import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
