/** Listing rules shown on cards and pages (SPEC §3, §4, §9). Pure: the server and the web share them. */

export const NEW_BADGE_DAYS = 14;
export const POPULAR_MIN_VIEWS = 100;
export const POPULAR_MIN_LEADS = 3;
export const MAX_BADGES = 2;
export const SIMILAR_COUNT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const oneDecimal = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });

export const PRICE_ON_REQUEST = 'Pris på forespørsel';
export const PRICE_NOT_GIVEN = 'Pris ikke oppgitt';

/**
 * 1 000 000 or more as 'x,x MNOK', below in thousands as 'N kNOK' (SPEC §3), with the Norwegian
 * decimal comma (DESIGN §1: numbers in nb-NO).
 */
export function priceText(value: number | null | undefined): string {
  if (value === null || value === undefined) return PRICE_ON_REQUEST;
  if (value >= 1_000_000) return `${oneDecimal.format(value / 1_000_000)} MNOK`;
  return `${whole.format(Math.round(value / 1000))} kNOK`;
}

/** The saved list always shows MNOK (SPEC §3). */
export function priceTextMnok(value: number | null | undefined): string {
  if (value === null || value === undefined) return PRICE_NOT_GIVEN;
  return `${oneDecimal.format(value / 1_000_000)} MNOK`;
}

/** Revenue and result in millions with one decimal and 'M', or a dash (admin table, key figures). */
export function millionsText(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return `${oneDecimal.format(value / 1_000_000)} M`;
}

export type Badge = 'Solgt' | 'Ny' | 'Populær';

export interface BadgeInput {
  status: string;
  createdAt: string | Date;
  views: number;
  leadsCount: number;
}

export function isNew(createdAt: string | Date, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() <= NEW_BADGE_DAYS * DAY_MS;
}

/** At most two, in this order: 'Solgt', 'Ny' (14 days), 'Populær' (100 views or 3 leads). */
export function cardBadges(listing: BadgeInput, now = Date.now()): Badge[] {
  const badges: Badge[] = [];
  if (listing.status === 'sold') badges.push('Solgt');
  if (isNew(listing.createdAt, now)) badges.push('Ny');
  if (listing.views >= POPULAR_MIN_VIEWS || listing.leadsCount >= POPULAR_MIN_LEADS) badges.push('Populær');
  return badges.slice(0, MAX_BADGES);
}

/** Listings aged one day or less count as new on the landing page. */
export function isFromLast24h(createdAt: string | Date, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() <= DAY_MS;
}
