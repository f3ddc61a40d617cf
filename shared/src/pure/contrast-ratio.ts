/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(match[1].slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours (1 to 21, order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The custom properties of a stylesheet's `:root` blocks, each resolved through its `var()` chain to a literal
 * (`--hv-color-text: var(--hv-sand-12)` → `#25211b`). The first `:root` value of a name wins (a later one in a
 * media query, such as reduced motion, is not the default).
 */
export function resolveCustomProperties(css: string): Map<string, string> {
  const raw = new Map<string, string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const block of withoutComments.matchAll(/(^|})\s*:root\s*{([^}]*)}/g)) {
    for (const declaration of block[2].matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
      if (!raw.has(declaration[1])) raw.set(declaration[1], declaration[2].trim().replace(/\s+/g, ' '));
    }
  }
  const resolve = (name: string, seen: Set<string>): string => {
    const value = raw.get(name);
    if (value === undefined) throw new Error(`Undefined custom property ${name}`);
    const reference = /^var\((--[\w-]+)\)$/.exec(value);
    if (!reference) return value;
    if (seen.has(reference[1])) throw new Error(`Circular custom property ${name}`);
    return resolve(reference[1], new Set([...seen, name]));
  };
  return new Map([...raw.keys()].map((name) => [name, resolve(name, new Set())]));
}
