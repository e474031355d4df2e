import type { Industry } from '@bedriftstorget/core/listing/listing.sql';

/** Colours per industry for the generated sample pictures (no photos can be fetched here). */
const PALETTES: Record<Industry, [string, string, string]> = {
  restaurant: ['#7c2d12', '#ea580c', '#fed7aa'],
  retail: ['#1e3a8a', '#3b82f6', '#bfdbfe'],
  tech: ['#0f172a', '#0ea5e9', '#a5f3fc'],
  services: ['#14532d', '#22c55e', '#bbf7d0'],
  craft: ['#451a03', '#b45309', '#fde68a'],
  fitness: ['#4c0519', '#e11d48', '#fecdd3'],
  ecommerce: ['#3b0764', '#a855f7', '#e9d5ff'],
  other: ['#1f2937', '#6b7280', '#e5e7eb'],
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** A 1200×800 SVG: a gradient, a few shapes that differ per picture, and the listing's title. */
export function sampleImageSvg(industry: Industry, title: string, index: number): string {
  const [dark, mid, light] = PALETTES[industry];
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = ((i * 197 + index * 311) % 1100) + 50;
    const y = ((i * 131 + index * 173) % 600) + 100;
    const r = 40 + ((i * 53 + index * 29) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${light}" opacity="${(0.08 + (i % 3) * 0.06).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>${shapes}
<rect x="60" y="600" width="1080" height="140" rx="20" fill="${dark}" opacity="0.55"/>
<text x="100" y="685" font-family="sans-serif" font-size="52" font-weight="700" fill="#ffffff">${escapeXml(title.slice(0, 38))}</text>
<text x="1100" y="685" font-family="sans-serif" font-size="36" fill="${light}" text-anchor="end">${index + 1}</text>
</svg>`;
}
