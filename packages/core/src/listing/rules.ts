import { formatNok } from '../format/nb';
import { underOffer } from '../texts/lifecycle';
/** Listing rules shown on cards and pages (docs/product.md, 'Browse'). Pure: the server and the web share them. */

export const NEW_BADGE_DAYS = 14;
export const POPULAR_MIN_VIEWS = 100;
export const POPULAR_MIN_LEADS = 3;
export const MAX_BADGES = 2;
export const SIMILAR_COUNT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const PRICE_ON_REQUEST = 'Pris på forespørsel';

/** The asking price in the one money format ('2 500 000 kr', decision 137), or 'Pris på forespørsel'. */
export function priceText(value: number | null | undefined): string {
  if (value === null || value === undefined) return PRICE_ON_REQUEST;
  return formatNok(value);
}

/** Revenue and result in the one money format, or a dash for a figure not given (cards, admin table, key figures). */
export function amountText(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return formatNok(value);
}

export type Badge = 'Solgt' | typeof underOffer.badge | 'Ny' | 'Populær';

export interface BadgeInput {
  status: string;
  createdAt: string | Date;
  views: number;
  leadsCount: number;
  /** 'Under bud' (decision 044); the server sets it only on active listings. */
  underOffer?: boolean;
}

export function isNew(createdAt: string | Date, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() <= NEW_BADGE_DAYS * DAY_MS;
}

/** At most two, in this order: 'Solgt', 'Under bud', 'Ny' (14 days), 'Populær' (100 views or 3 leads). */
export function cardBadges(listing: BadgeInput, now = Date.now()): Badge[] {
  const badges: Badge[] = [];
  if (listing.status === 'sold') badges.push('Solgt');
  if (listing.status === 'active' && listing.underOffer) badges.push(underOffer.badge);
  if (isNew(listing.createdAt, now)) badges.push('Ny');
  if (listing.views >= POPULAR_MIN_VIEWS || listing.leadsCount >= POPULAR_MIN_LEADS) badges.push('Populær');
  return badges.slice(0, MAX_BADGES);
}

/** Listings aged one day or less count as new on the landing page. */
export function isFromLast24h(createdAt: string | Date, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() <= DAY_MS;
}

/**
 * The listing's code as shown on its page ('Annonsekode'): the first eight characters of
 * its id in capitals. Short enough to read out on the phone; admins find the listing by it.
 */
export function listingCode(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/**
 * The detail page's lead and body: the first paragraph leads under the title only when
 * more follows, and 'Om virksomheten' then shows the rest; a one-paragraph description has no lead
 * and shows once, in 'Om virksomheten'. Either way no sentence appears twice.
 */
export function splitLead(description: string): { lead: string | null; body: string } {
  const text = description.trim();
  const breakAt = text.indexOf('\n');
  const rest = breakAt < 0 ? '' : text.slice(breakAt + 1).trim();
  if (!rest) return { lead: null, body: text };
  return { lead: text.slice(0, breakAt).trim(), body: rest };
}
