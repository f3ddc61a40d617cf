// Moved to the shared core (the partner remote guards its pages the same way).
export { RequireSignIn, logInWithReturn } from '@haven/shared';
