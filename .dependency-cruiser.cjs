// The import graph of the whole tree (product, tests, scripts): no circle anywhere. The layer rules
// (who may import whom) are ESLint's (eslint.config.mjs), where an editor shows them too; a circle needs
// the whole graph, which is this tool's job. `pnpm lint` runs both.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two files that import each other, through any chain (lazy import() and type-only imports included): one of them ' +
        'belongs elsewhere. A type both sides need goes in a file of its own that imports neither.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-sourcemaps|\\.data|test-results)/' },
    tsConfig: { fileName: 'tsconfig.web.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
