import { Illustration, type IllustrationProps } from './Illustration';

/** An empty state: a young plant beside an open notebook, waiting for what comes next. */
export function EmptyIllustration(props: IllustrationProps) {
  return (
    <Illustration viewBox={[240, 160]} {...props}>
      <ellipse cx="120" cy="140" rx="96" ry="12" fill="#ebe5df" />
      <path d="M62 138l8-40h40l8 40z" fill="#f08d65" />
      <rect x="64" y="92" width="52" height="10" rx="5" fill="#b65329" />
      <path d="M90 92c-2-22 4-40 18-50 4 18-2 36-18 50z" fill="#21763c" />
      <path d="M90 92c-16-10-24-26-22-42 14 6 22 22 22 42z" fill="#87b990" />
      <path d="M136 136l10-52c1-5 5-8 10-7l40 8c5 1 8 5 7 10l-10 52z" fill="#fdfbfa" stroke="#cac1b7" strokeWidth="2" />
      <path d="M156 96l30 6M153 110l30 6M150 124l20 4" stroke="#b8dbd7" strokeWidth="4" strokeLinecap="round" />
      <circle cx="186" cy="40" r="14" fill="#ffd2c1" />
    </Illustration>
  );
}
