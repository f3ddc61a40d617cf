import { PageFrame } from '../ui/PageFrame/PageFrame';

/** A real page for an address nobody owns: never an empty screen. */
export function NotFoundPage({ app }: { app: string }) {
  return (
    <PageFrame title="We couldn't find that page" app={app} noindex>
      <p>The link may be old, or the address may have a typo.</p>
      <p>
        <a href="/">Go to the homepage</a>
      </p>
    </PageFrame>
  );
}
