// The web origin the api's e-mails link to (newsletter confirm and unsubscribe pages): HAVEN_WEB_ORIGIN,
// else the first exact origin of HAVEN_CORS_ORIGINS (a deployment always lists its site there), else the
// local platform's shell.
export const DEFAULT_WEB_ORIGIN = 'http://localhost:3000';

export function webOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const configured =
    env.HAVEN_WEB_ORIGIN?.trim() ||
    env.HAVEN_CORS_ORIGINS?.split(',')
      .map((s) => s.trim())
      .find((s) => s && !s.includes('*'));
  // An origin only: a path or a trailing slash would double up in the links.
  return configured ? new URL(configured).origin : DEFAULT_WEB_ORIGIN;
}
