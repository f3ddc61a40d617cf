import { Illustration, type IllustrationProps } from './Illustration';
import picture from './welcome.svg';

/** The welcome: an open door with warm light spilling onto a mat, a plant beside it. */
export function WelcomeIllustration(props: IllustrationProps) {
  return <Illustration src={picture} viewBox={[320, 220]} {...props} />;
}
