import { Illustration, type IllustrationProps } from './Illustration';
import picture from './empty.svg';

/** An empty state: a young plant beside an open notebook, waiting for what comes next. */
export function EmptyIllustration(props: IllustrationProps) {
  return <Illustration src={picture} viewBox={[240, 160]} {...props} />;
}
