/** Norwegian number, money and date formats (nb-NO). */
const locale = 'nb-NO';

const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Oslo' });
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo',
});

/**
 * The one money format, FINN's: every amount in whole kroner with the group spaces and ' kr' after
 * ('2 500 000 kr', '100 000 kr', '-300 000 kr'), on cards, pages, mails, the LOI, the crawler's head
 * and the admin (decision 137). No 'MNOK', 'kNOK' or 'mill. kr' beside it: one listing read '2,5
 * MNOK' on its card and '4,8 mill. kr' in its key figures. Intl writes a no-break space between the
 * groups, so an amount never breaks over two lines. `tests/unit/money-format.test.ts` refuses
 * another formatter anywhere in packages/.
 */
export function formatNok(value: number): string {
  return `${integer.format(Math.round(value))}\u00a0kr`;
}

const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

/** A file's size as a list shows it: '1,2 MB' or '340 kB' (not money; here so Intl stays in one module). */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
  return `${oneDecimal.format(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

export function formatNumber(value: number): string {
  return integer.format(value);
}

/** A wait in words, rounded up: '1 sekund', '8 sekunder', '1 minutt', '15 minutter'. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 sekund' : `${seconds} sekunder`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minutt' : `${minutes} minutter`;
}

export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(new Date(value));
}
