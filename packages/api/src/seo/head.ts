import { industryLabels } from '@bedriftstorget/core/listing/labels';
import type { Industry, ListingStatus } from '@bedriftstorget/core/listing/enums';
import { priceText } from '@bedriftstorget/core/listing/rules';
import { GALLERY_SIZES, imageSources, parseFinalImage } from '@bedriftstorget/core/listing/image-variants';
import { seo } from '@bedriftstorget/core/texts/share';

/**
 * A listing page's head for crawlers and link previews (decision 049), put into the built SPA's
 * index.html by the one function both hosts use: the local server (entry/local-server.ts) and the
 * cloud's listing-page Lambda behind CloudFront at /bedrift/* (entry/seo.ts). Pure: no database,
 * no I/O, so it is tested offline. Every value is escaped for where it goes (decision 049).
 */

export interface ListingHead {
  id: string;
  title: string;
  description: string;
  industry: Industry;
  location: string;
  price: number | null;
  status: ListingStatus;
  /** The stored URL of its first image (site-relative `/images/...` or absolute), if any. */
  image: string | null;
  updatedAt: Date;
}

/** The description meta's length: what search results show before cutting. */
export const DESCRIPTION_MAX = 160;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` as \u escapes, so no
 * text (`</script>`, `<!--`) can end the block; U+2028/2029 too, for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One line of plain text at most `max` characters, cut at a word with '…'. */
export function summary(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const listingPath = (id: string) => `/bedrift/${id}`;

function absolute(appUrl: string, url: string): string {
  return new URL(url, `${appUrl}/`).href;
}

/** The page's meta description: price, industry and place first, then the listing's own words. */
export function listingDescription(listing: ListingHead): string {
  const facts = seo.facts(priceText(listing.price), industryLabels[listing.industry], listing.location);
  return summary(`${facts} ${listing.description}`);
}

/** schema.org Product with an Offer in NOK (no Offer when the price is on request). */
export function listingJsonLd(listing: ListingHead, appUrl: string): Record<string, unknown> {
  const url = absolute(appUrl, listingPath(listing.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description: summary(listing.description, 5000),
    url,
    category: industryLabels[listing.industry],
    ...(listing.image ? { image: [absolute(appUrl, listing.image)] } : {}),
    ...(listing.price !== null
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price: listing.price.toFixed(2),
            priceCurrency: 'NOK',
            availability: listing.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
            areaServed: listing.location,
          },
        }
      : {}),
  };
}

/** The tags added to the head, each value escaped. */
export function listingHeadTags(listing: ListingHead, appUrl: string): { title: string; description: string; tags: string[] } {
  const title = `${listing.title}${seo.titleSuffix}`;
  const description = listingDescription(listing);
  const url = absolute(appUrl, listingPath(listing.id));
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('og:type', 'website'),
    meta('og:site_name', seo.siteName),
    meta('og:locale', seo.locale),
    meta('og:title', listing.title),
    meta('og:description', description),
    meta('og:url', url),
  ];
  if (listing.image) {
    tags.push(meta('og:image', absolute(appUrl, listing.image)));
    const size = parseFinalImage(listing.image);
    if (size) tags.push(meta('og:image:width', String(size.width)), meta('og:image:height', String(size.height)));
    tags.push(`<meta name="twitter:card" content="summary_large_image" />`);
    tags.push(imagePreload(listing.image));
  } else {
    tags.push(`<meta name="twitter:card" content="summary" />`);
  }
  tags.push(`<script type="application/ld+json">${jsonForScript(listingJsonLd(listing, appUrl))}</script>`);
  return { title, description, tags };
}

/**
 * The gallery's first image is the page's LCP element (decision 053): asked for with the HTML, in the
 * width the gallery will pick (same srcset and sizes), not after the JavaScript has rendered it.
 */
export function imagePreload(url: string, sizes = GALLERY_SIZES): string {
  const image = imageSources(url);
  const set = image.srcSet ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.src)}"${set} fetchpriority="high" />`;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>/i;

/**
 * index.html with the given title and description in place of the SPA's own and `extra` before
 * `</head>`. Replacer functions, never replacement strings: a title holding `$&` stays text.
 */
export function injectHead(html: string, head: { title?: string; description?: string; extra: string[] }): string {
  let out = html;
  if (head.title !== undefined) {
    const title = `<title>${escapeHtml(head.title)}</title>`;
    out = TITLE.test(out) ? out.replace(TITLE, () => title) : out.replace(/<\/head>/i, () => `${title}</head>`);
  }
  if (head.description !== undefined) {
    const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
    out = DESCRIPTION.test(out) ? out.replace(DESCRIPTION, () => description) : out.replace(/<\/head>/i, () => `${description}</head>`);
  }
  return out.replace(/<\/head>/i, () => `${head.extra.map((tag) => `    ${tag}\n`).join('')}  </head>`);
}

/** The listing's page: the SPA shell with its own head. */
export function listingPageHtml(shell: string, listing: ListingHead, appUrl: string, extra: string[] = []): string {
  const { title, description, tags } = listingHeadTags(listing, appUrl);
  return injectHead(shell, { title, description, extra: [...tags, ...extra] });
}

/** An unknown or non-public listing: the same SPA (it shows its Norwegian not-found page), kept out of indexes. */
export function notFoundPageHtml(shell: string): string {
  return injectHead(shell, { title: seo.notFoundTitle, extra: ['<meta name="robots" content="noindex" />'] });
}
