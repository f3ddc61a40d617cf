// Style imports are extracted to files by webpack (mini-css-extract-plugin) and stubbed in jest; component tests use the
// jest-dom matchers registered in jest/setup-web.ts.
/// <reference types="@testing-library/jest-dom" />
declare module '*.css';
