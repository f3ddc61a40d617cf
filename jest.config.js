// One jest run for the whole workspace's browser code (jsdom). The api has its own runner: `pnpm test:api` (node:test).
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleNameMapper: { '\\.(css)$': '<rootDir>/jest/style-stub.js', '\\.(svg)$': '<rootDir>/jest/file-stub.js' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: [
        '<rootDir>/rules',
        '<rootDir>/shared',
        '<rootDir>/tooling',
        '<rootDir>/scripts',
        '<rootDir>/shell',
        '<rootDir>/mfe-auth',
        '<rootDir>/mfe-dashboard',
        '<rootDir>/mfe-booking',
        '<rootDir>/mfe-partner',
        '<rootDir>/mfe-session-room',
      ],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-web.ts'],
      // msw 2 pulls in a few ESM-only packages: compile those, leave the rest of node_modules alone.
      transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(rettime|until-async|@open-draft))'],
    },
  ],
};
