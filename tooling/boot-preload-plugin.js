const HtmlWebpackPlugin = require('html-webpack-plugin');

// The critical chain. The shell's page boots through a chain of discoveries: main.js asks for the
// bootstrap chunk and the shared modules it consumes (react-dom/client, the shared core, ...); each of
// those, once loaded, asks for the shared modules *it* consumes (react-dom, single-spa, zustand, ...).
// Three round trips before the first line of the shell runs. The build knows the whole set, so the page
// names it up front in <link rel=preload>: everything loads beside main.js. Only what the boot loads
// (the entry's async boundary and, transitively, the shared modules consumed on the way), never the
// lazily loaded routes, dialogs or SDKs.

const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

/** The chunks a cold boot loads after the entry chunk, in discovery order. */
function bootChunks(compilation, entryName) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const chunks = new Set();
  const seenModules = new Set();
  const queue = [];
  const addGroup = (block) => {
    const group = chunkGraph.getBlockChunkGroup(block);
    for (const chunk of group?.chunks ?? []) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      queue.push(chunk);
    }
  };
  // A consumed module resolves to this build's own provided copy when it has one (the host provides
  // every singleton and shares 'loaded-first'): that provider's chunks are what the page loads, not the
  // consume fallback's (webpack may split the same module into different chunks for each).
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.type === PROVIDE_SHARED) providers.set(`${module._shareScope}:${module._name}`, module);
  }
  // The entry's async boundary (its `import()`s: the boot's stages, ending in `import('./bootstrap')`).
  for (const module of chunkGraph.getChunkEntryModulesIterable(entry.getEntrypointChunk())) {
    for (const block of module.blocks) addGroup(block);
  }
  // Every consumed shared module inside what is loaded brings its provider's chunks.
  while (queue.length > 0) {
    const chunk = queue.shift();
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== CONSUME_SHARED || seenModules.has(module)) continue;
      seenModules.add(module);
      const provider = providers.get(`${module.options.shareScope}:${module.options.shareKey}`);
      for (const block of (provider ?? module).blocks) addGroup(block);
    }
  }
  return [...chunks];
}

class BootPreloadPlugin {
  constructor({ entry = 'main' } = {}) {
    this.entry = entry;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        const publicPath = data.publicPath ?? '/';
        const files = bootChunks(compilation, this.entry).flatMap((chunk) => [...chunk.files]);
        const link = (file, as) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as, href: `${publicPath}${file}` });
        // Stylesheets first (they block the chunk's code, spec'd by mini-css-extract), then scripts.
        const tags = [
          ...files.filter((file) => file.endsWith('.css')).map((file) => link(file, 'style')),
          ...files.filter((file) => file.endsWith('.js')).map((file) => link(file, 'script')),
        ];
        // The entry script is deferred (Low priority): behind a dozen High preloads it would be fetched
        // last, and nothing runs before it. It goes first.
        for (const tag of data.headTags) {
          if (tag.tagName === 'script' && tag.attributes.src && files.length > 0) tag.attributes.fetchpriority = 'high';
        }
        data.headTags.push(...tags);
        return data;
      });
    });
  }
}

module.exports = { BootPreloadPlugin, bootChunks };
