import { Illustration, type IllustrationProps } from './Illustration';

/** The landing page's hero: two people talking on a bench on a warm hillside at sunrise. */
export function HeroIllustration(props: IllustrationProps) {
  return (
    <Illustration viewBox={[480, 320]} {...props}>
      <rect width="480" height="320" rx="28" fill="#fff6f2" />
      <circle cx="340" cy="128" r="64" fill="#ffd2c1" />
      <circle cx="340" cy="128" r="42" fill="#ffab8a" />
      <path d="M0 214c70-40 150-52 240-30s170 14 240-16v152H0z" fill="#c6e5e1" />
      <path d="M0 250c90-30 190-26 280-4s150 14 200-2v76H0z" fill="#85b6b1" />
      <path d="M196 320c10-36 40-60 84-74" stroke="#fdfbfa" strokeWidth="10" strokeLinecap="round" fill="none" opacity=".7" />
      <g fill="#006963">
        <rect x="118" y="206" width="148" height="10" rx="5" />
        <rect x="130" y="216" width="8" height="28" rx="4" />
        <rect x="246" y="216" width="8" height="28" rx="4" />
      </g>
      <circle cx="158" cy="150" r="16" fill="#b65329" />
      <path d="M134 206c0-26 10-42 24-42s24 16 24 42z" fill="#f08d65" />
      <circle cx="226" cy="146" r="16" fill="#4c1e0a" />
      <path d="M202 206c0-28 10-44 24-44s24 16 24 44z" fill="#056965" />
      <path d="M176 184c10-6 20-6 30 0" stroke="#25211b" strokeWidth="3" strokeLinecap="round" fill="none" />
      <g fill="#21763c">
        <path d="M70 232c-4-30 6-52 22-64 4 22-4 46-22 64z" />
        <path d="M74 234c-20-16-28-34-24-52 16 8 24 30 24 52z" opacity=".8" />
      </g>
      <g fill="#fdfbfa" opacity=".9">
        <rect x="60" y="70" width="70" height="16" rx="8" />
        <rect x="84" y="58" width="40" height="16" rx="8" />
        <rect x="390" y="56" width="56" height="14" rx="7" />
      </g>
    </Illustration>
  );
}
