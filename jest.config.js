// One jest run for the whole workspace: browser code in jsdom, the api in node.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleNameMapper: { '\\.(css)$': '<rootDir>/jest/style-stub.js' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/shared', '<rootDir>/shell', '<rootDir>/mfe-auth', '<rootDir>/mfe-dashboard', '<rootDir>/mfe-booking', '<rootDir>/mfe-partner', '<rootDir>/mfe-session-room'],
      setupFilesAfterEnv: ['<rootDir>/jest/setup-web.ts'],
      // msw 2 pulls in a few ESM-only packages: compile those, leave the rest of node_modules alone.
      transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(rettime|until-async|@open-draft))'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api'],
      transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(jose|@sinclair))'],
    },
  ],
};
