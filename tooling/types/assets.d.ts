// Style imports are extracted to files by webpack (mini-css-extract-plugin) and stubbed in jest; component tests use the
// jest-dom matchers registered in jest/setup-web.ts.
/// <reference types="@testing-library/jest-dom" />
declare module '*.css';
// An image imported by a component is a file of the build (webpack's asset modules): the import is its address.
declare module '*.svg' {
  const url: string;
  export default url;
}
