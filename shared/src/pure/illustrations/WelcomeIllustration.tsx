import { Illustration, type IllustrationProps } from './Illustration';

/** The welcome: an open door with warm light spilling onto a mat, a plant beside it. */
export function WelcomeIllustration(props: IllustrationProps) {
  return (
    <Illustration viewBox={[320, 220]} {...props}>
      <rect width="320" height="220" rx="28" fill="#f3eee9" />
      <path d="M112 196V52c0-6 5-11 11-11h74c6 0 11 5 11 11v144z" fill="#056965" />
      <path d="M124 196V56h72v140z" fill="#ffd799" />
      <path d="M124 56l46 12v140l-46-12z" fill="#006963" />
      <circle cx="160" cy="132" r="4" fill="#ffd799" />
      <path d="M104 204l20-8h72l36 8z" fill="#ffecd1" />
      <rect x="126" y="198" width="68" height="10" rx="5" fill="#b65329" />
      <path d="M244 196l6-34h32l6 34z" fill="#f08d65" />
      <path d="M266 162c-4-24 4-44 20-54 2 20-6 40-20 54z" fill="#21763c" />
      <path d="M266 162c-18-10-26-28-22-46 14 8 22 26 22 46z" fill="#87b990" />
      <circle cx="58" cy="62" r="22" fill="#ffab8a" />
      <path d="M28 118c14-6 26-6 40 0M40 132c10-4 20-4 30 0" stroke="#cac1b7" strokeWidth="4" strokeLinecap="round" />
    </Illustration>
  );
}
