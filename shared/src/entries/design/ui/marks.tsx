// The small marks of controls drawn on a first paint (a chip's tick and cross, a disclosure's chevron), with
// the icon set's paths and stroke (Lucide's Check, X and ChevronDown, ISC licence) but without its runtime:
// the provider list draws chips and filter sections on its first paint, and lucide's icon component there
// cost more than every other part of the chip together.
const STROKE = {
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
    <svg {...STROKE} width={16} height={16}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

export function CrossMark() {
  return (
    <svg {...STROKE} width={16} height={16}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function ChevronMark({ className }: { className?: string }) {
  return (
    <svg {...STROKE} width={20} height={20} className={className}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
