import { osloDate } from './oslo-date';

/**
 * Norwegian number, money and date formats (nb-NO). The formats every public page shows on its
 * first screen (whole numbers, money, a day) are written here without Intl, the same characters
 * Intl writes: the first Intl object a browser tab makes costs it 20–35 ms while ICU loads its
 * data, on a phone a multiple of that, and it was part of the landing's, browse's and every
 * listing page's first load (decision 159). The rest use Intl, made on first use.
 */
const locale = 'nb-NO';

/** An Intl formatter made the first time it is asked for. */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const integer = onFirstUse(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const oneDecimal = onFirstUse(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }));
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Oslo' }));
const dateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat(locale, {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo',
}));

const NO_BREAK_SPACE = '\u00a0';
const MINUS_SIGN = '\u2212';

/**
 * A whole number as Intl's nb-NO writes it: halves rounded away from zero, groups of three joined by
 * a no-break space, U+2212 before a negative (also −0). Beyond the safe integers, and NaN, Intl.
 */
function wholeNumber(value: number): string {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  if (!Number.isSafeInteger(rounded)) return integer().format(value);
  const negative = rounded < 0 || Object.is(rounded, -0);
  // A group space before every three digits counted from the right.
  return `${negative ? MINUS_SIGN : ''}${String(Math.abs(rounded)).replace(/\B(?=(\d{3})+$)/g, NO_BREAK_SPACE)}`;
}

/**
 * The one money format, FINN's: every amount in whole kroner with the group spaces and ' kr' after
 * ('2 500 000 kr', '100 000 kr', '-300 000 kr'), on cards, pages, mails, the LOI, the crawler's head
 * and the admin (decision 137). No 'MNOK', 'kNOK' or 'mill. kr' beside it: one listing read '2,5
 * MNOK' on its card and '4,8 mill. kr' in its key figures. A no-break space between the groups, as
 * Intl writes them, so an amount never breaks over two lines. `tests/unit/money-format.test.ts`
 * refuses another formatter anywhere in packages/.
 */
export function formatNok(value: number): string {
  return `${wholeNumber(Math.round(value))}${NO_BREAK_SPACE}kr`;
}

/** A file's size as a list shows it: '1,2 MB' or '340 kB' (not money; here so Intl stays in one module). */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${oneDecimal().format(bytes / (1024 * 1024))} MB`;
  return `${oneDecimal().format(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

export function formatNumber(value: number): string {
  return wholeNumber(value);
}

/** A wait in words, rounded up: '1 sekund', '8 sekunder', '1 minutt', '15 minutter'. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 sekund' : `${seconds} sekunder`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minutt' : `${minutes} minutter`;
}

/** The day in Norway, 'dd.mm.yyyy'. */
export function formatDate(value: Date | string): string {
  const moment = new Date(value);
  return osloDate(moment) ?? dateFormat().format(moment);
}

export function formatDateTime(value: Date | string): string {
  return dateTimeFormat().format(new Date(value));
}
