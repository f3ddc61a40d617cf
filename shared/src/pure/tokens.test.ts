import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio, resolveCustomProperties } from './contrast-ratio';

// Every text/background pair the components use, with what it is for. Add a row when a component puts a
// text token on a background token it was not on before.
const TEXT_PAIRS: [text: string, background: string, use: string][] = [
  ['--hv-color-text', '--hv-color-bg', 'page text'],
  ['--hv-color-text', '--hv-color-surface', 'text on cards, header, fields'],
  ['--hv-color-text', '--hv-color-surface-raised', 'text in dialogs and menus'],
  ['--hv-color-text', '--hv-color-surface-sunken', 'text in wells, ghost button pressed'],
  ['--hv-color-text', '--hv-color-primary-soft', 'answer card, chip (hover)'],
  ['--hv-color-text', '--hv-color-primary-selected', 'answer card, chip (selected)'],
  ['--hv-color-text', '--hv-color-accent-soft', 'warm badge, tinted card'],
  ['--hv-color-text', '--hv-color-success-bg', 'form success message'],
  ['--hv-color-text-muted', '--hv-color-bg', 'hints and footers on the page'],
  ['--hv-color-text-muted', '--hv-color-surface', 'hints in cards and fields'],
  ['--hv-color-text-muted', '--hv-color-surface-sunken', 'hints in wells, drop zone'],
  ['--hv-color-text-muted', '--hv-color-primary-soft', 'drop zone hint while dragging'],
  ['--hv-color-on-primary', '--hv-color-primary', 'primary button'],
  ['--hv-color-on-primary', '--hv-color-primary-hover', 'primary button, hover'],
  ['--hv-color-on-primary', '--hv-color-primary-pressed', 'primary button, pressed'],
  ['--hv-color-primary', '--hv-color-surface', 'links, secondary button'],
  ['--hv-color-primary', '--hv-color-bg', 'links on the page'],
  ['--hv-color-primary', '--hv-color-primary-soft', 'secondary and ghost buttons, hover'],
  ['--hv-color-primary-text', '--hv-color-primary-selected', 'secondary button pressed; toggle on label'],
  ['--hv-color-primary-text', '--hv-color-primary-soft', 'primary badge'],
  ['--hv-color-accent-text', '--hv-color-accent-soft', 'accent badge'],
  ['--hv-color-accent-text', '--hv-color-surface', 'accent text on cards'],
  ['--hv-color-on-danger', '--hv-color-danger', 'danger button'],
  ['--hv-color-on-danger', '--hv-color-danger-hover', 'danger button, hover'],
  ['--hv-color-danger-text', '--hv-color-surface', 'field errors'],
  ['--hv-color-danger-text', '--hv-color-bg', 'form messages on the page'],
  ['--hv-color-danger-text', '--hv-color-danger-soft', 'danger badge, danger-ghost hover'],
  ['--hv-color-danger', '--hv-color-surface', 'danger-ghost button'],
  ['--hv-color-warning-text', '--hv-color-warning-bg', 'offline banner, warning badge'],
  ['--hv-color-success', '--hv-color-surface', 'success message'],
  ['--hv-color-success', '--hv-color-success-bg', 'success badge'],
  ['--hv-color-info', '--hv-color-surface', 'info text'],
  ['--hv-color-info', '--hv-color-info-bg', 'info badge'],
];

// Parts of controls that are not text but must be seen (WCAG 1.4.11: 3:1).
const NON_TEXT_PAIRS: [part: string, background: string, use: string][] = [
  ['--hv-color-focus', '--hv-color-surface', 'focus ring on cards and fields'],
  ['--hv-color-focus', '--hv-color-bg', 'focus ring on the page'],
  ['--hv-color-border-strong', '--hv-color-surface', 'text field, select and toggle edges'],
  ['--hv-color-border-strong', '--hv-color-bg', 'control edges on the page'],
  ['--hv-color-primary', '--hv-color-surface', 'toggle track on, radio mark'],
  ['--hv-color-primary', '--hv-color-primary-selected', 'selected answer card mark'],
];

const tokens = resolveCustomProperties(readFileSync(join(__dirname, 'tokens.css'), 'utf8'));
const colour = (name: string) => {
  const value = tokens.get(name);
  if (!value || !/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${name} is not a #rrggbb colour: ${value}`);
  return value;
};

describe('design tokens: colour contrast', () => {
  it.each(TEXT_PAIRS)('text %s on %s (%s) is at least 4.5:1', (text, background) => {
    expect(contrastRatio(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)('%s on %s (%s) is at least 3:1', (part, background) => {
    expect(contrastRatio(colour(part), colour(background))).toBeGreaterThanOrEqual(3);
  });

  it.each(['sand', 'teal', 'clay', 'red', 'green', 'amber', 'blue'])(
    'the %s scale has 12 steps, step 11 readable on steps 1-3',
    (scale) => {
      const step = (n: number) => colour(`--hv-${scale}-${n}`);
      for (const background of [1, 2, 3].map(step)) {
        expect(contrastRatio(step(11), background)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(step(12), background)).toBeGreaterThanOrEqual(7);
      }
    },
  );
});

describe('design tokens: motion', () => {
  const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');
  it('every duration is 0 under reduced motion', () => {
    const reduced = /@media \(prefers-reduced-motion: reduce\) {\s*:root {([^}]*)}/.exec(css)?.[1] ?? '';
    const durations = [...tokens.keys()].filter((name) => name.startsWith('--hv-motion-'));
    expect(durations.length).toBeGreaterThanOrEqual(3);
    for (const name of durations) expect(reduced).toContain(`${name}: 0ms`);
    expect(tokens.get('--hv-duration')).toMatch(/ms$/);
  });
});

describe('design tokens: type roles', () => {
  it.each(['display', 'headline', 'title', 'body', 'label'])('the %s role has three sizes', (role) => {
    for (const size of ['lg', 'md', 'sm']) expect(tokens.get(`--hv-type-${role}-${size}`)).toMatch(/^\d{3} [\d.]+rem\/[\d.]+ /);
  });

  it('headings do not all share one weight', () => {
    const weights = new Set(['display-md', 'headline-md', 'title-md'].map((role) => tokens.get(`--hv-type-${role}`)?.split(' ')[0]));
    expect(weights.size).toBe(3);
  });
});
