import { Illustration, type IllustrationProps } from './Illustration';
import picture from './hero.svg';

/** The landing page's hero: two people talking on a bench on a warm hillside at sunrise. */
export function HeroIllustration(props: IllustrationProps) {
  return <Illustration src={picture} viewBox={[480, 320]} {...props} />;
}
