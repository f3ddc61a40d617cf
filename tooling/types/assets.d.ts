// Style imports are handled by webpack (style-loader) and stubbed in jest; component tests use the
// jest-dom matchers registered in jest/setup-web.ts.
/// <reference types="@testing-library/jest-dom" />
declare module '*.css';
