// Draws the app icons (a blue 2x2 brick seen from above) as PNG files in public/icons/.
// Run with `node scripts/make-icons.mjs`; the PNGs are committed, so this only runs on a change.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1c, 0x7e, 0xd6];
const STUD = [0x4d, 0xab, 0xf7];
const SHADOW = [0x18, 0x64, 0xab];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes an RGBA pixel function as a PNG (8-bit RGBA, no interlace). */
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      raw.set([r, g, b, a], row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function inRoundedRect(x, y, left, top, size, radius) {
  const cx = Math.min(Math.max(x, left + radius), left + size - radius);
  const cy = Math.min(Math.max(y, top + radius), top + size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * A brick occupying `scale` of the canvas (centred); `fill` paints the rest (white for the maskable
 * icon, whose outer 20 % may be cropped by the launcher; transparent for the normal icons).
 */
function brick(size, scale, fill) {
  const side = size * scale;
  const left = (size - side) / 2;
  const studR = side * 0.13;
  const studs = [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.3, 0.7],
    [0.7, 0.7],
  ].map(([fx, fy]) => [left + side * fx, left + side * fy]);
  return (x, y) => {
    if (!inRoundedRect(x, y, left, left, side, side * 0.12)) return fill;
    for (const [sx, sy] of studs) {
      const d2 = (x - sx) ** 2 + (y - sy) ** 2;
      if (d2 <= studR ** 2) return [...STUD, 255];
      // a soft shadow below-right of each stud
      if ((x - sx - studR * 0.18) ** 2 + (y - sy - studR * 0.18) ** 2 <= studR ** 2)
        return [...SHADOW, 255];
    }
    return [...BLUE, 255];
  };
}

mkdirSync('public/icons', { recursive: true });
const transparent = [0, 0, 0, 0];
writeFileSync('public/icons/icon-192.png', png(192, brick(192, 0.9, transparent)));
writeFileSync('public/icons/icon-512.png', png(512, brick(512, 0.9, transparent)));
// Maskable: the brick stays inside the 80 % safe zone on a full-bleed background.
writeFileSync('public/icons/maskable-512.png', png(512, brick(512, 0.6, [...WHITE, 255])));
console.log('icons written to public/icons/');
