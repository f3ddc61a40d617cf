// The chip's two marks (a tick, a cross), drawn with the icon set's paths and stroke (Lucide's Check and X,
// ISC licence) but without its runtime: the provider list draws chips on its first paint, and lucide's
// icon component there cost more than every other part of the chip together.
const STROKE = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function TickMark() {
  return (
    <svg {...STROKE}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

export function CrossMark() {
  return (
    <svg {...STROKE}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}
