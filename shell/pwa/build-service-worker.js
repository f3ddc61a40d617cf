// Emits /sw.js into the shell's build: sw-rules.js + sw-main.js, with the list of the shell's own
// content-hashed files and a build id (so every build is a new worker that precaches its files).
const fs = require('node:fs');
const path = require('node:path');

const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|png|jpg|webp|woff2)$/;

class ServiceWorkerPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServiceWorkerPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = Object.keys(compilation.assets)
            .filter((name) => HASHED.test(name))
            .sort()
            .map((name) => `/${name}`);
          const source = [
            `var SHELL_FILES = ${JSON.stringify(files)};`,
            `var BUILD_ID = ${JSON.stringify(compilation.fullHash ?? String(Date.now()))};`,
            fs.readFileSync(path.join(__dirname, 'sw-rules.js'), 'utf8'),
            fs.readFileSync(path.join(__dirname, 'sw-main.js'), 'utf8'),
          ].join('\n');
          compilation.emitAsset('sw.js', new RawSource(source));
        },
      );
    });
  }
}

module.exports = { ServiceWorkerPlugin };
