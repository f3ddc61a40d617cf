#!/usr/bin/env node
// Rewrites `@haven/shared` import lines so each name comes from the core entry that exports it
// ("the core split into lazy entries"). Idempotent: run it again after merging branches that
// added imports from the root. Which entry exports what is read from the entries themselves (the
// `exports` map of shared/package.json and each entry's export list), so moving a symbol is: move its
// export line to another entry file, run this. Usage: node scripts/codemods/shared-entries.mjs [--check] [--root DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootArg = process.argv.indexOf('--root');
// --root: another checkout (the tests run it on a small stand-in tree).
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = '@haven/shared';
const SOURCE_DIRS = ['shell', 'mfe-auth', 'mfe-dashboard', 'mfe-booking', 'mfe-partner', 'mfe-session-room', 'shared', 'e2e'];

/** entry specifier ('@haven/shared', '@haven/shared/forms') -> names it exports. */
export function readEntries() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'shared/package.json'), 'utf8'));
  const entries = new Map();
  for (const [sub, file] of Object.entries(pkg.exports ?? { '.': pkg.main })) {
    if (sub.endsWith('.json') || sub.endsWith('.css')) continue; // no names: package metadata, a stylesheet
    const spec = sub === '.' ? PKG : `${PKG}/${sub.replace(/^\.\//, '')}`;
    entries.set(spec, exportedNames(path.join(root, 'shared', file)));
  }
  return entries;
}

function exportedNames(file) {
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const names = new Set();
  for (const node of src.statements) {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const el of node.exportClause.elements) names.add(el.name.text);
    } else if (node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (node.name) names.add(node.name.text);
      if (ts.isVariableStatement(node)) for (const d of node.declarationList.declarations) names.add(d.name.getText(src));
    }
  }
  return names;
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'(@haven\/shared(?:\/[\w-]+)?)';/g;

/** The file's text with its core imports regrouped by entry (unchanged text when nothing moves). */
export function rewrite(text, entries) {
  return text.replace(IMPORT, (whole, typeOnly, list, from) => {
    const specs = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const byEntry = new Map();
    for (const spec of specs) {
      const name = spec
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      // A name no entry exports stays where it was: the typecheck reports it.
      const entry = [...entries].find(([, names]) => names.has(name))?.[0] ?? from;
      if (!byEntry.has(entry)) byEntry.set(entry, []);
      byEntry.get(entry).push(spec);
    }
    if (byEntry.size === 1 && byEntry.has(from)) return whole;
    // Root first, then the entries in the exports map's order: one stable layout for every file.
    const order = [...entries.keys()];
    return [...byEntry]
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([entry, names]) => {
        const line = `import ${typeOnly ?? ''}{ ${names.join(', ')} } from '${entry}';`;
        // One line when it fits the style's width, else one name a line.
        return line.length <= 110 ? line : `import ${typeOnly ?? ''}{\n  ${names.join(',\n  ')},\n} from '${entry}';`;
      })
      .join('\n');
  });
}

function* sourceFiles(dir) {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    if (ent.name === 'node_modules' || ent.name === 'dist' || ent.name.startsWith('.')) continue;
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(ent.name)) yield p;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const entries = readEntries();
  const changed = [];
  for (const dir of SOURCE_DIRS) {
    if (!fs.existsSync(path.join(root, dir))) continue;
    for (const file of sourceFiles(path.join(root, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes(PKG)) continue;
      const next = rewrite(text, entries);
      if (next === text) continue;
      changed.push(path.relative(root, file));
      if (!check) fs.writeFileSync(file, next);
    }
  }
  console.log(`${check ? 'would rewrite' : 'rewrote'} ${changed.length} file(s)${changed.length ? ':\n  ' + changed.join('\n  ') : ''}`);
  if (check && changed.length) process.exitCode = 1;
}
