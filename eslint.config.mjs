import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import prettierOff from 'eslint-config-prettier';

const remotes = ['mfe-auth', 'mfe-dashboard', 'mfe-booking', 'mfe-partner', 'mfe-session-room', 'shell'];

/** The api's layers (docs/architecture.md): a route file is schema and wiring over the domain modules. */
const routeImportsRoute = {
  group: ['./*', '../routes/*', '!./*.json'],
  message: 'A route file imports no other route file: move what both need into its domain module (api/src/<domain>/).',
};
const apiImportsSharedSource = {
  group: ['**/shared/src/**', '@haven/shared', '@haven/shared/*'],
  message: "The api does not reach into the web core: pure rules both sides use live in '@haven/rules'.",
};
// The database layer (db/) and the product's constants (config/) sit beside core/ as foundations too.
const coreImportsDomain = {
  group: ['../*', '!../core', '!../core/**', '!../db', '!../db/**', '!../config', '!../config/**'],
  message: 'api/src/core holds the foundations (http, config, time, database): it imports no domain module.',
};
// A domain (api/src/<folder> beside the http layer and the foundations) is used through its index.ts, its
// public face; the foundations (core, db, config) are files anyone may name. `depth` climbs from the file.
const FOUNDATIONS = ['core', 'db', 'config'];
const domainImportPastIndex = (up) => ({
  group: [
    `${up}*/*`,
    `!${up}*/index.js`,
    `!${up}../**`,
    ...FOUNDATIONS.map((f) => `!${up}${f}/*`),
    ...(up === './' ? ['!./routes/*'] : []),
  ],
  message: "Another domain is imported only through its index.ts ('../<domain>/index.js'): export what others need there.",
});
// Only the http layer (api/src/routes, api/src/core, the server's start files) knows the web framework: a
// domain function takes and returns data (a Logger, AnswerHeaders and IncomingHeaders from core/http.ts).
const domainImportsFastify = {
  group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-*'],
  message:
    'Only the http layer (api/src/routes, api/src/core) imports fastify: a domain function takes and returns data (core/http.ts has Logger, AnswerHeaders, IncomingHeaders).',
};
const API_DOMAIN_FILES = ['api/src/*/**/*.ts'];
const API_NOT_DOMAINS = ['api/src/routes/**', ...FOUNDATIONS.map((f) => `api/src/${f}/**`)];
// Every status change of a booking is a transition of bookings/booking-state.ts (its TRANSITIONS table): SQL
// that sets a booking's status anywhere else is refused, the table named with an alias or without.
const bookingStatusOutsideTransitions = {
  selector:
    'TemplateElement[value.raw=/UPDATE\\s+bookings(?:\\s+(?:AS\\s+)?\\w+)?\\s+SET\\s+(?:(?!WHERE)[\\s\\S])*\\bstatus\\s*=/i], Literal[value=/UPDATE\\s+bookings(?:\\s+(?:AS\\s+)?\\w+)?\\s+SET\\s+(?:(?!WHERE)[\\s\\S])*\\bstatus\\s*=/i]',
  message:
    "A booking's status changes only through a transition of bookings/booking-state.ts (TRANSITIONS): call transition() or add one there.",
};

// '@haven/rules' is pure: no framework, no store, no HTTP client, nothing from the web core or from outside
// rules/src (a relative path that climbs above src/, counted from the file's depth).
const rulesImportOutside = (depth) => ({
  group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', 'axios', '@haven/*', `${'../'.repeat(depth)}*`],
  message:
    "'@haven/rules' holds the pure rules both sides use: it imports no framework, store, HTTP client, nor any file outside rules/src.",
});
// The web core and its lazily loaded entries (shared/src/core, shared/src/entries/<entry>).
const coreImportsEntry = {
  group: ['**/entries', '**/entries/**', '@haven/shared/*', '!@haven/shared/package.json'],
  message: 'The core never imports an entry: an entry builds on the core, and a route loads the entry.',
};
const entryImportsCoreFile = {
  group: ['**/core', '**/core/**'],
  message: "An entry reaches the core only through '@haven/shared' (a relative import would bundle a second copy).",
};
// shared/src/pure: no state, nothing of the core or an entry; the core and an entry may each bundle a copy.
const pureImportsCoreOrEntry = {
  group: ['**/core/**', '**/entries/**', '@haven/shared', '@haven/shared/*'],
  message: 'shared/src/pure holds no state and imports nothing of the core or an entry: both bundle it.',
};
// The web client types what it sends and reads from the api's contract (`pnpm gen:api` -> core/api/contract.ts):
// a hand-written shape would keep compiling after the api changed, and break only in the browser.
const WEB_SOURCES = [
  'shared/src/**/*.{ts,tsx}',
  'shell/src/**/*.{ts,tsx}',
  ...remotes.filter((r) => r !== 'shell').map((r) => `${r}/src/**/*.{ts,tsx}`),
];
const WEB_TESTS = ['**/*.test.{ts,tsx}', '**/test/**', '**/test-kit/**'];
const CALL_MODULES = ['shared/src/**', 'shell/src/**', ...remotes.filter((r) => r !== 'shell').map((r) => `${r}/src/**`)].flatMap((dir) => [
  `${dir}/*-calls.ts`,
  `${dir}/*-call.ts`,
  `${dir}/api/*.ts`,
]);
const CONTRACT_HINT = "from the contract: Answer<'/route', 'method'>, Body<…>, Query<…>, ApiSchema<…> ('@haven/shared')";
const untypedApiCall = {
  selector:
    "CallExpression[callee.object.name='apiClient'][callee.property.name=/^(get|post|put|patch|delete|request)$/]:not([typeArguments])",
  message: `An api call names its answer ${CONTRACT_HINT}.`,
};
const handTypedApiCall = {
  selector: "CallExpression[callee.object.name='apiClient'] > TSTypeParameterInstantiation > :not(TSTypeReference[typeName.name='Answer'])",
  message: `An api call's answer is typed ${CONTRACT_HINT}, not by hand.`,
};
// A hand-written shape is one that spells out an api field's value: a string, number or boolean, a literal, or a
// nested shape, whatever the field's name (the api answers camelCase fields too). A shape made of the contract's
// parts (Answer<…>['data']), a callback or an AbortSignal is not.
const SPELLED_OUT = 'TSStringKeyword, TSNumberKeyword, TSBooleanKeyword, TSLiteralType, TSTypeLiteral';
const handWrittenShape = {
  selector: `:matches(TSInterfaceBody, TSTypeLiteral) > TSPropertySignature > TSTypeAnnotation > :matches(${SPELLED_OUT}, TSUnionType:has(> :matches(${SPELLED_OUT})), TSArrayType:has(> :matches(${SPELLED_OUT})))`,
  message: `A call module writes no request or answer shape by hand: derive it ${CONTRACT_HINT}.`,
};

// Tests are in no bundle: they may reach any file of the core or an entry to set up and inspect it.
const sharedTests = ['shared/src/**/*.test.{ts,tsx}', 'shared/src/**/test/**'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '.api-test.*/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
      '**/*.generated.ts',
      'api/realtime/patches/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // React's rules where React is: the hooks plugin compiles every function it sees (React Compiler's
  // analysis, most of the lint's time), so the api, the rules package and the browser suite are left out.
  {
    files: ['{shared,shell,mfe-*}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-duplicates': 'error' },
  },
  {
    files: ['api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [apiImportsSharedSource] }] },
  },
  {
    files: ['api/src/routes/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [routeImportsRoute, apiImportsSharedSource, domainImportPastIndex('../')] }] },
  },
  {
    files: API_DOMAIN_FILES,
    ignores: API_NOT_DOMAINS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [apiImportsSharedSource, domainImportPastIndex('../'), domainImportsFastify] }],
    },
  },
  {
    files: ['api/src/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [apiImportsSharedSource, domainImportPastIndex('./')] }] },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/bookings/booking-state.ts', 'api/src/db/migrations/**'],
    rules: { 'no-restricted-syntax': ['error', bookingStatusOutsideTransitions] },
  },
  {
    files: ['api/src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [coreImportsDomain, apiImportsSharedSource] }] },
  },
  ...[1, 2, 3].map((depth) => ({
    files: [`rules/src/${'*/'.repeat(depth - 1)}*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [rulesImportOutside(depth)] }] },
  })),
  // Imports flow one way: shared -> remotes/shell. shared never imports an app; no app imports another's files.
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: remotes.flatMap((r) => [`**/${r}/**`, `@haven/${r}`, `@haven/${r}/**`]) }] },
  },
  {
    files: ['shared/src/core/**/*.{ts,tsx}'],
    ignores: sharedTests,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: remotes.flatMap((r) => [`**/${r}/**`, `@haven/${r}`, `@haven/${r}/**`]) }, coreImportsEntry] },
      ],
    },
  },
  {
    files: ['shared/src/entries/**/*.{ts,tsx}'],
    ignores: sharedTests,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: remotes.flatMap((r) => [`**/${r}/**`, `@haven/${r}`, `@haven/${r}/**`]) }, entryImportsCoreFile] },
      ],
    },
  },
  {
    files: ['shared/src/pure/**/*.{ts,tsx}'],
    ignores: sharedTests,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: remotes.flatMap((r) => [`**/${r}/**`, `@haven/${r}`, `@haven/${r}/**`]) }, pureImportsCoreOrEntry] },
      ],
    },
  },
  ...remotes.map((r) => ({
    files: [`${r}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: remotes.filter((o) => o !== r).flatMap((o) => [`**/${o}/**`, `../${o}/**`, `@haven/${o}`]) },
      ],
    },
  })),
  {
    files: WEB_SOURCES,
    ignores: WEB_TESTS,
    rules: { 'no-restricted-syntax': ['error', untypedApiCall, handTypedApiCall] },
  },
  {
    files: CALL_MODULES,
    // The client itself and the contract's type helpers are where the contract is read, not a call module.
    ignores: [...WEB_TESTS, 'shared/src/core/api/**'],
    rules: { 'no-restricted-syntax': ['error', untypedApiCall, handTypedApiCall, handWrittenShape] },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
  // Build configs (webpack, jest) are CommonJS.
  { files: ['**/*.{js,cjs}'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // Prettier lays the code out (140 columns, `pnpm format`); eslint's layout rules step aside. The hard limit
  // is for what Prettier cannot wrap (a comment, a long condition); a string or a URL may run on.
  prettierOff,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
    },
  },
);
