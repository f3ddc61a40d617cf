#!/usr/bin/env node
// The api's domains (api/src/<folder>) form no circle: the import graph of api/src collapsed to its folders
// (a file at api/src's top is its own node) has no cycle, lazy import() and type-only edges included. A
// circle between files is dependency-cruiser's rule; a circle between domains passes that one (no file
// loop) and still ties two domains into one. `pnpm lint` runs this; `--root <dir>` checks another tree
// (the planted-violation test).
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

/** The cycles of a graph given as `Map<node, Set<node>>`, each as its nodes in order (Tarjan's components). */
export function domainCycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const lowlinks = new Map();
  const cycles = [];
  const connect = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return cycles;
}

/** The folder-level import graph of `srcDir`, with one example file edge per folder edge. */
export async function domainGraph(srcDir, cruiseOptions) {
  const { output } = await cruise([srcDir], cruiseOptions);
  const graph = new Map();
  const examples = new Map();
  const domainOf = (file) => {
    const rel = relative(srcDir, join(cruiseOptions.baseDir ?? process.cwd(), file));
    if (rel.startsWith('..')) return null;
    const [first, ...rest] = rel.split('/');
    return rest.length === 0 ? first.replace(/\.[^.]+$/, '') : first;
  };
  for (const module of output.modules) {
    const from = domainOf(module.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = domainOf(dependency.resolved);
      if (!to || to === from) continue;
      graph.get(from).add(to);
      if (!examples.has(`${from}>${to}`)) examples.set(`${from}>${to}`, `${module.source} -> ${dependency.resolved}`);
    }
  }
  return { graph, examples };
}

/** One line per cycle between the folders of `srcDir`, naming a file edge for each step. */
export async function domainCycleFailures(srcDir, cruiseOptions) {
  const { graph, examples } = await domainGraph(srcDir, cruiseOptions);
  return domainCycles(graph).map((cycle) => {
    const steps = [...examples.entries()].filter(([key]) => {
      const [from, to] = key.split('>');
      return cycle.includes(from) && cycle.includes(to);
    });
    return `domains in a circle: ${cycle.join(', ')} (${steps.map(([, edge]) => edge).join('; ')})`;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const at = process.argv.indexOf('--root');
  const srcDir = at > 0 ? process.argv[at + 1] : join(root, 'api/src');
  const config = (await import(join(root, '.dependency-cruiser.cjs'))).default;
  const failures = await domainCycleFailures(relative(process.cwd(), srcDir) || '.', {
    ...config.options,
    exclude: { path: '(^|/)(node_modules|dist)/' },
  });
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
  console.log('api domains: no circle');
}
