/** Norwegian number, money and date formats (nb-NO). */
const locale = 'nb-NO';

const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Oslo' });
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo',
});

/** `1 250 000 kr` — Intl uses a narrow no-break space as group separator in nb-NO. */
export function formatNok(value: number): string {
  return `${integer.format(value)} kr`;
}

export function formatNumber(value: number): string {
  return integer.format(value);
}

export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(new Date(value));
}
