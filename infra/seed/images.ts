import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { ImageStorage } from '@bedriftstorget/api/adapters/storage';
import { encodeListingImage, storeListingImage, type EncodedImage } from '@bedriftstorget/api/seller/image-pipeline';
import type { Industry } from '@bedriftstorget/core/listing/listing.sql';
import { random } from './random';

/**
 * Sample pictures for seeded listings (no photos can be fetched here): a simple scene per industry
 * drawn from shapes, without any text, deterministic per (industry, variant). Each goes through the
 * same pipeline as a seller's upload, so seeded listings have the same WebP sizes and srcset.
 */
export const SAMPLE_VARIANTS = 5;

const W = 1200;
const H = 800;


type Rand = () => number;
const pick = <T,>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const between = (r: Rand, min: number, max: number) => Math.round(min + r() * (max - min));
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;

/** Light from the upper left and a soft floor shadow: what makes flat shapes read as a room. */
function room(wall: string, floor: string, floorY: number): string {
  return `<defs><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient></defs>
${rect(0, 0, W, floorY, wall)}${rect(0, floorY, W, H - floorY, floor)}${rect(0, floorY - 6, W, 6, '#000', 'opacity="0.15"')}`;
}

const shade = '<rect width="1200" height="800" fill="url(#light)"/>';

function window(x: number, y: number, w: number, h: number, sky: string): string {
  return `${rect(x - 8, y - 8, w + 16, h + 16, '#e7e5e4')}${rect(x, y, w, h, sky)}${rect(x + w / 2 - 4, y, 8, h, '#e7e5e4')}${rect(x, y + h / 2 - 4, w, 8, '#e7e5e4')}`;
}

const scenes: Record<Industry, (r: Rand) => string> = {
  restaurant: (r) => {
    const wall = pick(r, ['#7c2d12', '#7f1d1d', '#365314', '#1e3a8a']);
    let s = room(wall, pick(r, ['#a16207', '#78350f', '#57534e']), 520);
    for (let i = 0; i < 4; i += 1) s += `<line x1="${150 + i * 300}" y1="0" x2="${150 + i * 300}" y2="170" stroke="#1c1917" stroke-width="3"/><ellipse cx="${150 + i * 300}" cy="185" rx="55" ry="28" fill="#fbbf24"/><ellipse cx="${150 + i * 300}" cy="215" rx="90" ry="40" fill="#fde68a" opacity="0.25"/>`;
    const tables = between(r, 2, 3);
    for (let i = 0; i < tables; i += 1) {
      const cx = 250 + i * (700 / Math.max(1, tables - 1)) + between(r, -40, 40);
      s += `<ellipse cx="${cx}" cy="600" rx="170" ry="50" fill="#f5f5f4"/>${rect(cx - 10, 610, 20, 150, '#292524')}`;
      s += `<ellipse cx="${cx - 70}" cy="592" rx="45" ry="14" fill="#fff" stroke="#d6d3d1" stroke-width="3"/><ellipse cx="${cx + 70}" cy="592" rx="45" ry="14" fill="#fff" stroke="#d6d3d1" stroke-width="3"/>`;
      s += `<ellipse cx="${cx - 70}" cy="588" rx="22" ry="7" fill="${pick(r, ['#dc2626', '#16a34a', '#ea580c'])}"/>${rect(cx - 6, 540, 12, 50, '#7f1d1d', 'rx="4"')}`;
    }
    return s + shade;
  },
  retail: (r) => {
    let s = room(pick(r, ['#f1f5f9', '#fef3c7', '#e0f2fe']), '#d6d3d1', 600);
    for (let shelf = 0; shelf < 3; shelf += 1) {
      const x = 80 + shelf * 370;
      s += rect(x, 120, 300, 480, '#78716c') + rect(x + 10, 130, 280, 460, '#f5f5f4');
      for (let row = 0; row < 4; row += 1) {
        s += rect(x + 10, 230 + row * 110, 280, 10, '#57534e');
        let bx = x + 16;
        while (bx < x + 270) {
          const w = between(r, 24, 60);
          const h = between(r, 50, 95);
          if (bx + w > x + 288) break;
          s += rect(bx, 230 + row * 110 - h, w, h, pick(r, ['#2563eb', '#dc2626', '#16a34a', '#f59e0b', '#7c3aed', '#0891b2', '#db2777']), 'rx="3"');
          bx += w + 6;
        }
      }
    }
    return s + shade;
  },
  tech: (r) => {
    let s = room(pick(r, ['#0f172a', '#1e293b', '#172554']), '#334155', 560);
    s += window(820, 80, 300, 220, pick(r, ['#38bdf8', '#fb923c', '#1e1b4b']));
    s += rect(60, 520, 1080, 30, '#cbd5e1') + rect(100, 550, 20, 250, '#94a3b8') + rect(1080, 550, 20, 250, '#94a3b8');
    for (let m = 0; m < 2; m += 1) {
      const x = 150 + m * 340;
      s += rect(x, 260, 300, 190, '#020617', 'rx="8"') + rect(x + 12, 272, 276, 166, pick(r, ['#0c4a6e', '#14532d', '#1e1b4b']));
      for (let line = 0; line < 8; line += 1) s += rect(x + 24 + between(r, 0, 40), 284 + line * 19, between(r, 60, 200), 8, pick(r, ['#38bdf8', '#a3e635', '#f472b6', '#e2e8f0']), 'rx="4" opacity="0.85"');
      s += rect(x + 135, 450, 30, 60, '#475569') + rect(x + 90, 505, 120, 15, '#475569', 'rx="4"');
    }
    s += rect(880, 470, 170, 50, '#1e293b', 'rx="6"') + `<circle cx="1000" cy="430" r="40" fill="#16a34a"/>${rect(985, 460, 30, 60, '#92400e')}`;
    return s + shade;
  },
  services: (r) => {
    let s = room(pick(r, ['#ecfccb', '#e0e7ff', '#f5f5f4']), '#a8a29e', 580);
    s += window(90, 90, 380, 300, pick(r, ['#7dd3fc', '#bae6fd', '#fdba74']));
    s += rect(560, 430, 560, 28, '#57534e') + rect(590, 458, 18, 240, '#44403c') + rect(1070, 458, 18, 240, '#44403c');
    s += rect(640, 300, 200, 130, '#1f2937', 'rx="6"') + rect(652, 312, 176, 106, '#e5e7eb');
    s += `<circle cx="980" cy="400" r="28" fill="#f8fafc" stroke="#64748b" stroke-width="6"/>`;
    s += rect(300, 460, 140, 160, '#166534', 'rx="20"') + `<circle cx="370" cy="430" r="70" fill="#22c55e"/><circle cx="320" cy="400" r="45" fill="#16a34a"/><circle cx="420" cy="395" r="50" fill="#15803d"/>`;
    for (let i = 0; i < 3; i += 1) s += rect(720 + i * 40, 200 - between(r, 0, 40), 30, 60 + between(r, 0, 40), pick(r, ['#b91c1c', '#1d4ed8', '#047857', '#a16207']));
    return s + shade;
  },
  craft: (r) => {
    let s = room(pick(r, ['#78350f', '#92400e', '#57534e']), '#44403c', 600);
    s += rect(80, 80, 1040, 300, '#d6d3d1', 'rx="6"');
    for (let y = 100; y < 380; y += 30) for (let x = 100; x < 1110; x += 30) s += `<circle cx="${x}" cy="${y}" r="3" fill="#78716c"/>`;
    for (let t = 0; t < 9; t += 1) {
      const x = 130 + t * 110 + between(r, -10, 10);
      const kind = between(r, 0, 2);
      if (kind === 0) s += rect(x, 120, 14, 170, '#a16207', 'rx="5"') + rect(x - 20, 110, 54, 40, '#525252', 'rx="4"');
      else if (kind === 1) s += rect(x, 130, 10, 160, '#737373') + rect(x - 12, 280, 34, 70, '#b91c1c', 'rx="8"');
      else s += `<circle cx="${x + 10}" cy="200" r="48" fill="none" stroke="#525252" stroke-width="10"/>`;
    }
    s += rect(60, 470, 1080, 60, '#b45309') + rect(60, 470, 1080, 12, '#d97706') + rect(100, 530, 40, 270, '#78350f') + rect(1060, 530, 40, 270, '#78350f');
    for (let p = 0; p < 4; p += 1) s += rect(200 + p * 200 + between(r, -30, 30), 440 - p * 8, between(r, 220, 320), 24, pick(r, ['#fcd34d', '#f59e0b', '#fde68a']), 'rx="3"');
    return s + shade;
  },
  fitness: (r) => {
    let s = room(pick(r, ['#1f2937', '#111827', '#3f3f46']), pick(r, ['#0f172a', '#292524']), 540);
    s += rect(0, 200, W, 60, pick(r, ['#e11d48', '#f97316', '#0ea5e9']));
    s += rect(0, 560, W, 8, '#facc15', 'opacity="0.6"');
    s += rect(120, 420, 960, 20, '#9ca3af') + rect(140, 440, 16, 100, '#6b7280') + rect(1044, 440, 16, 100, '#6b7280');
    for (let d = 0; d < 7; d += 1) {
      const x = 180 + d * 130;
      const size = 22 + d * 3;
      s += rect(x - 40, 395, 80, 10, '#d1d5db') + rect(x - 48, 400 - size, 18, size * 2 - 10, '#111827', 'rx="4"') + rect(x + 30, 400 - size, 18, size * 2 - 10, '#111827', 'rx="4"');
    }
    for (let m = 0; m < 3; m += 1) s += `<ellipse cx="${250 + m * 350}" cy="${680 + between(r, -20, 20)}" rx="150" ry="34" fill="${pick(r, ['#2563eb', '#16a34a', '#9333ea', '#dc2626'])}"/>`;
    s += `<circle cx="${between(r, 900, 1050)}" cy="640" r="60" fill="#65a30d"/>`;
    return s + shade;
  },
  ecommerce: (r) => {
    let s = room('#e7e5e4', '#a8a29e', 640);
    for (let rack = 0; rack < 3; rack += 1) {
      const x = 60 + rack * 380;
      s += rect(x, 80, 16, 560, '#1d4ed8') + rect(x + 324, 80, 16, 560, '#1d4ed8');
      for (let level = 0; level < 4; level += 1) {
        const y = 200 + level * 140;
        s += rect(x, y, 340, 14, '#f97316');
        let bx = x + 24;
        while (bx < x + 300) {
          const w = between(r, 60, 110);
          const h = between(r, 60, 110);
          if (bx + w > x + 320) break;
          s += rect(bx, y - h, w, h, pick(r, ['#d6a86c', '#c8965a', '#e0b77f']), 'rx="2"') + rect(bx, y - h + h / 2 - 4, w, 8, '#a16207', 'opacity="0.5"');
          bx += w + 10;
        }
      }
    }
    s += rect(470, 650, 260, 110, '#c8965a', 'rx="4"') + rect(470, 695, 260, 14, '#a16207', 'opacity="0.6"');
    return s + shade;
  },
  other: (r) => {
    const sky = pick(r, [['#7dd3fc', '#e0f2fe'], ['#fb923c', '#fde68a'], ['#1e3a8a', '#93c5fd']] as const);
    let s = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient></defs>${rect(0, 0, W, H, 'url(#sky)')}`;
    s += `<path d="M0 520 L${between(r, 200, 350)} ${between(r, 260, 340)} L${between(r, 450, 550)} 440 L${between(r, 700, 800)} ${between(r, 220, 300)} L1200 480 L1200 800 L0 800 Z" fill="#475569"/>`;
    s += rect(0, 560, W, 240, pick(r, ['#15803d', '#166534', '#3f6212']));
    const house = pick(r, ['#b91c1c', '#f5f5f4', '#ca8a04']);
    const hx = between(r, 300, 650);
    s += rect(hx, 400, 320, 200, house) + `<path d="M${hx - 20} 410 L${hx + 160} 300 L${hx + 340} 410 Z" fill="#292524"/>`;
    s += rect(hx + 40, 450, 60, 50, '#fef9c3') + rect(hx + 220, 450, 60, 50, '#fef9c3') + rect(hx + 135, 500, 50, 100, '#44403c');
    for (let t = 0; t < 5; t += 1) {
      const x = between(r, 40, 1160);
      s += `<path d="M${x} 520 L${x - 40} 620 L${x + 40} 620 Z" fill="#14532d"/>`;
    }
    return s + shade;
  },
};

/** The SVG source of one sample picture: a scene for the industry, no text. */
export function sampleImageSvg(industry: Industry, variant: number): string {
  const seed = [...industry].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) + variant * 7919;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${scenes[industry](random(seed))}</svg>`;
}

const encoded = new Map<string, Promise<EncodedImage>>();

/**
 * Encoded pictures are kept between runs (they are deterministic): `npm start --fresh` and every
 * browser-test start would otherwise spend most of the seed drawing the same 40 pictures again.
 */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/bedriftstorget-seed-images/', import.meta.url));

async function encodeCached(svg: string): Promise<EncodedImage> {
  const file = join(CACHE_DIR, `${createHash('sha256').update(`v1:${svg}`).digest('hex').slice(0, 24)}.json`);
  try {
    const cached = JSON.parse(await readFile(file, 'utf8')) as { width: number; height: number; files: { width: number; body: string }[] };
    return { ...cached, files: cached.files.map((f) => ({ width: f.width, body: Buffer.from(f.body, 'base64') })) };
  } catch {
    const image = await encodeListingImage(await sharp(Buffer.from(svg)).png().toBuffer(), 'image/png');
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(file, JSON.stringify({ ...image, files: image.files.map((f) => ({ width: f.width, body: f.body.toString('base64') })) }));
    return image;
  }
}

/** One sample picture, rendered and encoded once however many listings use it. */
export function sampleImage(industry: Industry, variant: number): Promise<EncodedImage> {
  const id = `${industry}:${variant % SAMPLE_VARIANTS}`;
  let image = encoded.get(id);
  if (!image) {
    image = encodeCached(sampleImageSvg(industry, variant % SAMPLE_VARIANTS));
    encoded.set(id, image);
  }
  return image;
}

/** Stores a sample picture under the listing's own final keys; returns its key and URL. */
export async function putSampleImage(storage: ImageStorage, listingId: string, industry: Industry, variant: number): Promise<{ storageKey: string; imageUrl: string }> {
  const storageKey = await storeListingImage(storage, listingId, await sampleImage(industry, variant));
  return { storageKey, imageUrl: storage.publicUrl(storageKey) };
}
