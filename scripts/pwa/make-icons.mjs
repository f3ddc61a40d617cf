// Draws the web app's PNG icons (brand teal, white heart) into shell/public: run once after changing
// the design (`node scripts/pwa/make-icons.mjs`); the PNGs are checked in. No image tool needed: the
// heart is the implicit curve (x² + y² − 1)³ − x²y³ ≤ 0, 4×4 supersampled, written as RGBA PNG.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const TEAL = [0x0b, 0x5e, 0x5c];
const WHITE = [0xff, 0xff, 0xff];
const OUT = join(import.meta.dirname, '..', '..', 'shell', 'public');

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inHeart = (x, y) => (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0;

/** heart: share of the icon's width the heart spans; radius: corner radius as a share (0 for maskable). */
function icon(size, { heart, radius }) {
  const S = 4;
  const scale = 2.6 / (heart * size); // the curve spans about x ∈ [-1.14, 1.14], y ∈ [-1, 1.25]
  const inShape = (px, py) => {
    const r = radius * size;
    const cx = Math.min(Math.max(px, r), size - r);
    const cy = Math.min(Math.max(py, r), size - r);
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
  };
  return png(size, (x, y) => {
    let bg = 0;
    let fg = 0;
    for (let i = 0; i < S; i += 1) {
      for (let j = 0; j < S; j += 1) {
        const px = x + (i + 0.5) / S;
        const py = y + (j + 0.5) / S;
        if (!inShape(px, py)) continue;
        bg += 1;
        if (inHeart((px - size / 2) * scale, -(py - size * 0.55) * scale)) fg += 1;
      }
    }
    const n = S * S;
    const mix = (k) => Math.round(TEAL[k] + ((WHITE[k] - TEAL[k]) * fg) / Math.max(bg, 1));
    return [mix(0), mix(1), mix(2), Math.round((255 * bg) / n)];
  });
}

for (const [name, size, options] of [
  ['icon-192.png', 192, { heart: 0.62, radius: 0.19 }],
  ['icon-512.png', 512, { heart: 0.62, radius: 0.19 }],
  ['apple-touch-icon.png', 180, { heart: 0.62, radius: 0 }],
  // Maskable: full bleed, the heart inside the 80 % safe zone.
  ['icon-maskable-512.png', 512, { heart: 0.5, radius: 0 }],
]) {
  writeFileSync(join(OUT, name), icon(size, options));
  console.log(`${name} ${size}x${size}`);
}
