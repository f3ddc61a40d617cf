/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const digits = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!digits) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const channel = (i: number) => {
    const value = parseInt(digits.slice(i, i + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours (1 to 21, order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * The custom properties of a stylesheet's `:root` blocks, each resolved through its `var()` chain to a literal
 * (`--hv-color-text: var(--hv-sand-12)` → `#25211b`). The first `:root` value of a name wins (a later one in a
 * media query, such as reduced motion, is not the default).
 */
export function resolveCustomProperties(css: string): Map<string, string> {
  const raw = new Map<string, string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, , body = ''] of withoutComments.matchAll(/(^|})\s*:root\s*{([^}]*)}/g)) {
    for (const [, name, value] of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
      if (name && value && !raw.has(name)) raw.set(name, value.trim().replace(/\s+/g, ' '));
    }
  }
  const resolve = (name: string, seen: Set<string>): string => {
    const value = raw.get(name);
    if (value === undefined) throw new Error(`Undefined custom property ${name}`);
    const reference = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
    if (!reference) return value;
    if (seen.has(reference)) throw new Error(`Circular custom property ${name}`);
    return resolve(reference, new Set([...seen, name]));
  };
  return new Map([...raw.keys()].map((name) => [name, resolve(name, new Set())]));
}
