// What the platform shares as `firebase/app`: the names shared/src/core/realtime/firebase-surface.ts lists
// (tooling/shared-facades/facades.test.ts fails when the two differ). Shared whole, a firebase package
// cannot be tree-shaken by Module Federation; this facade is, at build time.
export { getApps, initializeApp } from '@firebase/app';
