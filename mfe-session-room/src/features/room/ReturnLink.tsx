import { BackControl, Button, requestWebviewClose } from '@haven/shared';

export interface ReturnLinkProps {
  who: 'patient' | 'provider';
  platform: 'android' | 'ios' | 'website';
  returnPath: string;
}

/**
 * Where to go from the room: back into the app, back to the sessions, or (a provider) nothing more to do.
 * Both back controls hide with hideBackBtn (the app's own back button does it).
 */
export function ReturnLink(props: ReturnLinkProps) {
  return (
    <BackControl>
      <ReturnControl {...props} />
    </BackControl>
  );
}

function ReturnControl({ who, platform, returnPath }: ReturnLinkProps) {
  if (platform !== 'website') {
    return (
      <Button variant="secondary" onClick={() => requestWebviewClose()}>
        Back to the app
      </Button>
    );
  }
  if (who === 'provider') return <p>You can close this page now.</p>;
  return (
    <a className="hv-button hv-button--secondary" href={returnPath}>
      Back to your sessions
    </a>
  );
}
