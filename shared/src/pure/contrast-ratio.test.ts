import { contrastRatio, relativeLuminance, resolveCustomProperties } from './contrast-ratio';

describe('contrastRatio (WCAG 2.x)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54], // the lightest grey that passes AA on white
    ['#ffffff', '#767676', 4.54], // order does not matter
  ])('%s on %s is %s:1', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 2);
  });

  it('refuses anything but #rrggbb', () => {
    expect(() => relativeLuminance('teal')).toThrow('Not a #rrggbb colour');
  });
});

describe('resolveCustomProperties', () => {
  it('follows var() chains and keeps the first :root value of a name', () => {
    const css = ':root { --a: #112233; --b: var(--a); /* note */ --c: var(--b); }\n@media (x) { :root { --a: #000000; } }';
    const props = resolveCustomProperties(css);
    expect(props.get('--c')).toBe('#112233');
    expect(props.get('--a')).toBe('#112233');
  });

  it('names an undefined reference', () => {
    expect(() => resolveCustomProperties(':root { --b: var(--missing); }')).toThrow('--missing');
  });
});
