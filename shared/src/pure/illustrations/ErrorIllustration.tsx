import { Illustration, type IllustrationProps } from './Illustration';
import picture from './error.svg';

/** The error screen: a paper boat resting on calm water under a passing cloud (something paused, nothing lost). */
export function ErrorIllustration(props: IllustrationProps) {
  return <Illustration src={picture} viewBox={[240, 160]} {...props} />;
}
