/**
 * The admin listings export (docs/product.md, 'Admin details'): annonser.csv with Tittel, Bransje, Sted, Pris,
 * Omsetning, Resultat, Status, Fremhevet (Ja/Nei), Opprettet, Eierens e-post and Lenke (the listing's absolute URL).
 *
 * Why this shape: Excel guesses the encoding and the separator. Without a byte-order mark it
 * reads UTF-8 as Windows-1252 ('æøå' turn into 'Ã¦Ã¸Ã¥'), so the text starts with U+FEFF. Excel
 * on a Norwegian machine splits on the list separator of the locale, which is ';' because ','
 * is the decimal comma — a ','-separated file would open as one column. So ';' it is, with
 * RFC 4180 quoting (a field with ';', ',', '"' or a line break is quoted, quotes doubled) and
 * CRLF line ends. Amounts are plain numbers with a decimal comma so Excel can sum them; dates
 * are dd.mm.yyyy, which Norwegian Excel reads as dates. A "sep=;" first line would also fix the
 * separator, but Excel then ignores the byte-order mark, so it is not used.
 */
import { formatDate } from '../format/nb';
import { industryLabels } from '../listing/labels';
import type { Industry, ListingStatus } from '../listing/enums';
import { adminListings, adminStatusLabels } from '../texts/admin';

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = ['Tittel', 'Bransje', 'Sted', 'Pris', 'Omsetning', 'Resultat', 'Status', 'Fremhevet', 'Opprettet', 'Eierens e-post', 'Lenke'] as const;

export interface CsvListing {
  title: string;
  industry: Industry;
  location: string;
  price: number | null;
  revenue: number | null;
  profit: number | null;
  status: ListingStatus;
  featured: boolean;
  createdAt: Date | string;
  /** null when the owner's account is gone. */
  ownerEmail: string | null;
  /** Absolute: the file is read outside the site. */
  link: string;
}

/** RFC 4180: quote when the field holds the separator, a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[;,"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Free text typed by sellers could start a formula ('=HYPERLINK(…)') that Excel would run when
 * an admin opens the file (CSV injection); a leading apostrophe makes Excel show it as text.
 */
export function csvText(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

function amount(value: number | null): string {
  if (value === null) return '';
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',');
}

export function listingCsvRow(listing: CsvListing): string {
  return [
    csvText(listing.title),
    csvField(industryLabels[listing.industry]),
    csvText(listing.location),
    amount(listing.price),
    amount(listing.revenue),
    amount(listing.profit),
    csvField(adminStatusLabels[listing.status]),
    listing.featured ? adminListings.featuredYes : adminListings.featuredNo,
    formatDate(listing.createdAt),
    csvText(listing.ownerEmail ?? ''),
    csvField(listing.link),
  ].join(CSV_SEPARATOR);
}

/** The whole file: byte-order mark, header, one line per listing, CRLF line ends. */
export function listingsCsv(listings: CsvListing[]): string {
  const lines = [CSV_HEADER.join(CSV_SEPARATOR), ...listings.map(listingCsvRow)];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
