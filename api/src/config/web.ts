// The web origin the api's e-mails link to (newsletter confirm and unsubscribe pages). HAVEN_WEB_ORIGIN
// in a deployment; the local platform's shell otherwise.
export const DEFAULT_WEB_ORIGIN = 'http://localhost:3000';

export function webOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.HAVEN_WEB_ORIGIN?.trim();
  if (!configured) return DEFAULT_WEB_ORIGIN;
  // An origin only: a path or a trailing slash would double up in the links.
  return new URL(configured).origin;
}
