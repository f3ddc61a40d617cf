// Draws the demo providers' portraits and the default avatar as illustrated SVG, then writes each as a
// small WebP into api/assets/avatars (the avatar folder the api serves off production). Run again after
// changing a drawing: `node api/scripts/make-portraits.mjs` (needs ImageMagick's `convert` with WebP).
// Made here for the project; no photo of a real person.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../assets/avatars/', import.meta.url));
/** Pixels: twice the card's 96 px portrait, sharp on dense screens. */
const SIZE = 192;

const SKIN = { light: '#f1c7a5', wheat: '#e0ac82', tan: '#c98e62', brown: '#a8704a', deep: '#7d4f33' };
const HAIR = { black: '#231a16', dark: '#3b2a20', brown: '#6b4426', auburn: '#8a3f22', grey: '#9a948e', blond: '#c9a25e' };

/** One drawing per provider: background, skin, hair colour and style, clothes, and small details. */
const PEOPLE = {
  'ananya-rao': { bg: '#f6d9c4', skin: SKIN.wheat, hair: HAIR.black, style: 'long', top: '#2f6f73', earrings: true },
  'rahul-mehta': { bg: '#d7e6d2', skin: SKIN.tan, hair: HAIR.black, style: 'short', top: '#3b4fa0', beard: true },
  'sara-collins': { bg: '#e8dcf2', skin: SKIN.light, hair: HAIR.auburn, style: 'bob', top: '#9c3d54', glasses: true },
  'vikram-iyer': { bg: '#d9e5ef', skin: SKIN.brown, hair: HAIR.grey, style: 'short', top: '#1f5f7a', glasses: true, beard: true },
  'meera-das': { bg: '#f4e1cf', skin: SKIN.tan, hair: HAIR.dark, style: 'bun', top: '#8a4b08', bindi: true },
  'kabir-singh': { bg: '#e3ecdc', skin: SKIN.wheat, hair: HAIR.black, style: 'turban', top: '#2e6b3f', beard: true, turban: '#b5462f' },
  'emma-brooks': { bg: '#fde3d5', skin: SKIN.light, hair: HAIR.blond, style: 'long', top: '#6b3fa0' },
  'arjun-nair': { bg: '#dcebf0', skin: SKIN.brown, hair: HAIR.black, style: 'curly', top: '#c0662b' },
  'nisha-kapoor': { bg: '#f8e5c8', skin: SKIN.wheat, hair: HAIR.dark, style: 'ponytail', top: '#2f6f73', earrings: true },
  'dev-malhotra': { bg: '#e5e0f2', skin: SKIN.tan, hair: HAIR.dark, style: 'curly', top: '#4a5568', glasses: true },
  'leela-menon': { bg: '#dfeedd', skin: SKIN.deep, hair: HAIR.black, style: 'bun', top: '#9c3d54', bindi: true },
  'isha-bose': { bg: '#f3dcdc', skin: SKIN.tan, hair: HAIR.black, style: 'bob', top: '#1f5f7a' },
  'tara-gill': { bg: '#e9e3d3', skin: SKIN.wheat, hair: HAIR.brown, style: 'long', top: '#7a3b69', glasses: true },
  'zoya-khan': { bg: '#d8ebe6', skin: SKIN.light, hair: HAIR.dark, style: 'scarf', top: '#3b4fa0', scarf: '#2e7d6b' },
  'neha-pillai': { bg: '#fbe2cf', skin: SKIN.deep, hair: HAIR.black, style: 'ponytail', top: '#6b3fa0', earrings: true },
  'liam-turner': { bg: '#dde6f3', skin: SKIN.light, hair: HAIR.brown, style: 'short', top: '#2e6b3f', beard: true },
  'ravi-kumar': { bg: '#efe6d6', skin: SKIN.brown, hair: HAIR.black, style: 'short', top: '#8a4b08' },
  'kavya-reddy': { bg: '#f2dde8', skin: SKIN.deep, hair: HAIR.black, style: 'long', top: '#1f7a5a', bindi: true },
};

const shade = (hex, f) => {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.max(0, Math.min(255, Math.round(v * f))));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
};

/** Hair behind the head (long hair, ponytail, bun) and in front (the fringe and top). */
function hair(p) {
  const h = p.hair;
  const back =
    {
      long: `<path d="M58 88 C52 40 140 40 134 88 L140 150 C120 160 72 160 52 150 Z" fill="${h}"/>`,
      ponytail: `<path d="M128 70 C150 80 150 120 138 140 C134 120 128 100 124 86 Z" fill="${h}"/>`,
      bun: `<circle cx="96" cy="34" r="16" fill="${h}"/>`,
      bob: `<path d="M60 90 C54 42 138 42 132 90 L134 122 C120 128 72 128 58 122 Z" fill="${h}"/>`,
      scarf: `<path d="M52 96 C48 30 144 30 140 96 L146 160 L46 160 Z" fill="${p.scarf}"/>`,
    }[p.style] ?? '';
  const front = {
    short: `<path d="M64 76 C62 44 130 40 128 76 C122 62 110 56 96 58 C82 56 70 62 64 76 Z" fill="${h}"/>`,
    curly: `<g fill="${h}">${[62, 74, 86, 98, 110, 122, 130]
      .map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 52 : 58}" r="13"/>`)
      .join('')}<circle cx="66" cy="72" r="9"/><circle cx="126" cy="72" r="9"/></g>`,
    long: `<path d="M62 82 C60 44 132 44 130 82 C120 64 104 60 96 62 C84 60 70 66 62 82 Z" fill="${h}"/>`,
    ponytail: `<path d="M63 78 C62 44 130 44 129 78 C118 62 106 58 94 60 C80 60 70 66 63 78 Z" fill="${h}"/>`,
    bun: `<path d="M63 78 C62 46 130 46 129 78 C118 62 106 58 96 60 C82 60 70 66 63 78 Z" fill="${h}"/>`,
    bob: `<path d="M60 86 C58 44 134 44 132 86 C124 66 108 60 88 62 C74 66 66 74 60 86 Z" fill="${h}"/>`,
    turban: `<path d="M60 74 C58 30 134 30 132 74 C118 60 74 60 60 74 Z" fill="${p.turban}"/><path d="M66 62 C86 48 106 48 126 62" stroke="${shade(p.turban ?? h, 0.8)}" stroke-width="4" fill="none"/>`,
    scarf: `<path d="M64 80 C64 50 128 50 128 80 C118 66 74 66 64 80 Z" fill="${shade(p.scarf ?? h, 0.85)}"/>`,
  }[p.style];
  return { back, front };
}

function portrait(p) {
  const { back, front } = hair(p);
  const skinShadow = shade(p.skin, 0.88);
  const ink = '#3a2a22';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 192 192" width="${SIZE}" height="${SIZE}">
<rect width="192" height="192" fill="${p.bg}"/>
<g stroke="none" transform="translate(-19 -2) scale(1.2)">
${back}
<path d="M34 192 C38 150 64 136 96 136 C128 136 154 150 158 192 Z" fill="${p.top}"/>
<path d="M80 136 L96 156 L112 136 Z" fill="${shade(p.top, 0.8)}"/>
<rect x="84" y="112" width="24" height="28" rx="10" fill="${skinShadow}"/>
<ellipse cx="66" cy="94" rx="7" ry="10" fill="${skinShadow}"/>
<ellipse cx="126" cy="94" rx="7" ry="10" fill="${skinShadow}"/>
<ellipse cx="96" cy="88" rx="31" ry="37" fill="${p.skin}"/>
${p.beard ? `<path d="M66 96 C68 128 124 128 126 96 C116 112 108 116 96 116 C84 116 76 112 66 96 Z" fill="${p.hair}" opacity="0.9"/>` : ''}
${front}
<ellipse cx="84" cy="90" rx="3.2" ry="3.6" fill="${ink}"/>
<ellipse cx="108" cy="90" rx="3.2" ry="3.6" fill="${ink}"/>
<path d="M78 80 Q84 76 90 79" stroke="${ink}" stroke-width="2.2" fill="none" stroke-linecap="round"/>
<path d="M102 79 Q108 76 114 80" stroke="${ink}" stroke-width="2.2" fill="none" stroke-linecap="round"/>
<path d="M95 94 Q93 102 97 103" stroke="${skinShadow}" stroke-width="2.4" fill="none" stroke-linecap="round"/>
<path d="M85 108 Q96 116 107 108" stroke="#8c3b32" stroke-width="2.8" fill="none" stroke-linecap="round"/>
<ellipse cx="76" cy="102" rx="6" ry="3.5" fill="#e58a7a" opacity="0.35"/>
<ellipse cx="116" cy="102" rx="6" ry="3.5" fill="#e58a7a" opacity="0.35"/>
${p.glasses ? `<g stroke="${ink}" stroke-width="2.2" fill="none"><circle cx="84" cy="90" r="10"/><circle cx="108" cy="90" r="10"/><path d="M94 90 L98 90"/></g>` : ''}
${p.bindi ? `<circle cx="96" cy="74" r="2.6" fill="#b3261e"/>` : ''}
${p.earrings ? `<circle cx="66" cy="106" r="3" fill="#d4a017"/><circle cx="126" cy="106" r="3" fill="#d4a017"/>` : ''}
</g>
</svg>`;
}

/** The default avatar: a warm, faceless figure for a provider without a portrait. */
const DEFAULT = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 192 192" width="${SIZE}" height="${SIZE}">
<rect width="192" height="192" fill="#f6dfc9" stroke="none"/>
<circle stroke="none" cx="96" cy="80" r="34" fill="#e0a577"/>
<path d="M36 192 C40 146 66 128 96 128 C126 128 152 146 156 192 Z" fill="#c0662b" stroke="none"/>
</svg>`;

const work = mkdtempSync(join(tmpdir(), 'portraits-'));
try {
  const drawings = [...Object.entries(PEOPLE).map(([file, p]) => [file, portrait(p)]), ['default', DEFAULT]];
  for (const [file, svg] of drawings) {
    const src = join(work, `${file}.svg`);
    writeFileSync(src, svg);
    execFileSync('convert', [
      '-background',
      'none',
      '-density',
      '96',
      src,
      '-resize',
      `${SIZE}x${SIZE}`,
      '-quality',
      '78',
      '-define',
      'webp:method=6',
      join(OUT, `${file}.webp`),
    ]);
  }
  console.log(`${drawings.length} portraits written to ${OUT}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
