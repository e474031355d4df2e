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

const millions = [
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }),
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }),
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
];

/**
 * A yearly figure (revenue, result) short enough for a card or a table cell, and never rounded to
 * nothing: under a million in full ('100 000 kr', where '0,1 M' hid a result of 100 000), from a
 * million in 'mill. kr' with three significant figures at most ('1,25 mill. kr', '12,3 mill. kr',
 * '150 mill. kr'). Negative results keep their minus sign.
 */
export function formatAmount(value: number): string {
  const size = Math.abs(value);
  if (size < 999_500) return formatNok(Math.round(value));
  const inMillions = value / 1_000_000;
  const format = millions[size < 9_995_000 ? 0 : size < 99_950_000 ? 1 : 2]!;
  return `${format.format(inMillions)} mill. kr`;
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
