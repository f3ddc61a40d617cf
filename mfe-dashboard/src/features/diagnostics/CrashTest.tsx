import { getRuntimeConfig, NotFoundPage } from '@haven/shared';

/**
 * Off production only: a page that throws while rendering, so the browser suite can prove that a crash
 * inside a remote shows the error screen and leaves the shell working.
 */
export function CrashTest() {
  if (getRuntimeConfig().stage === 'production') return <NotFoundPage app="mfe-dashboard" />;
  throw new Error('Deliberate render error (diagnostics page)');
}
