import { Illustration, type IllustrationProps } from './Illustration';

/** The error screen: a paper boat resting on calm water under a passing cloud (something paused, nothing lost). */
export function ErrorIllustration(props: IllustrationProps) {
  return (
    <Illustration viewBox={[240, 160]} {...props}>
      <rect width="240" height="160" rx="24" fill="#effbf9" />
      <path d="M0 118c30-8 50 8 80 0s50-8 80 0 50 8 80 0v42H0z" fill="#c6e5e1" />
      <path d="M0 132c30-8 50 8 80 0s50-8 80 0 50 8 80 0v28H0z" fill="#85b6b1" />
      <path d="M78 112h84l-14 18h-56z" fill="#f08d65" />
      <path d="M120 112V60l30 52z" fill="#fdfbfa" stroke="#cac1b7" strokeWidth="2" strokeLinejoin="round" />
      <path d="M118 112V72l-24 40z" fill="#ffd2c1" />
      <path d="M150 46c0-12 10-20 22-20 9 0 16 5 19 12 10 0 17 7 17 16s-7 14-16 14h-38c-9 0-16-6-16-14s5-13 12-14z" fill="#fdfbfa" />
      <path d="M176 82v8M188 80v8" stroke="#85b6b1" strokeWidth="3" strokeLinecap="round" />
    </Illustration>
  );
}
