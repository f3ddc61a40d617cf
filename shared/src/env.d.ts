// Ambient types for the UI primitives: plain CSS files are imported for their side effect
// (extracted to files in webpack, a stub in jest), and component tests use the jest-dom matchers
// (registered in jest/setup-web.ts).
/// <reference types="@testing-library/jest-dom" />
declare module '*.css';
