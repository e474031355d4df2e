import { formatDate, formatDateTime, formatNok, formatNumber } from '../format/nb';
import { companyFormLabels, industryLabels } from '../listing/labels';
import { exportSummary as t } from '../texts/export-summary';
import { planLabels, userTypeLabels } from '../texts/seller';
import { reportDialog } from '../texts/share';

/**
 * The readable page (oversikt.html) beside data.json in 'Last ned mine data' (decision 147), built
 * from the export's own structure: each top-level key is a section with its Norwegian heading, each
 * field has its label, dates read as Norwegian dates and amounts as kroner. Ids are left to data.json:
 * a listing is named by its title. Every value is escaped; the page also forbids scripts by its CSP.
 */
export type ExportData = Record<string, unknown>;

const MONEY = new Set(['price', 'soldPrice', 'revenue', 'profit', 'ownerSalary', 'debt', 'lowValue', 'highValue']);
/** Codes with their own words elsewhere in the catalogue: the same words as the app shows. */
const CODES: Record<string, Record<string, string>> = {
  industry: industryLabels, companyForm: companyFormLabels, userType: userTypeLabels, plan: planLabels, grantedPlan: planLabels,
  // A report's reason; other reasons (an offer's closing, a staff note) are free text and fall through.
  reason: reportDialog.reasons,
};
/** A year reads '2005', not '2 005'. */
const YEAR = new Set(['established']);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Values kept as written in data.json: free-form structures whose keys are the search's or the form's own. */
const AS_IN_DATA = new Set(['filters', 'fields']);

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A key with neither a heading nor a label (tests refuse any in a real export). */
export function hasWords(key: string): boolean {
  return label(key) !== key;
}

/** An id is for machines: `id`, `…Id`, and the other person's user id in `to`/`from`. */
export function isIdField(key: string): boolean {
  return key === 'id' || key.endsWith('Id') || key === 'to' || key === 'from';
}

function titlesById(data: ExportData): Map<string, string> {
  const titles = new Map<string, string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object' || value instanceof Date) return;
    const row = value as Record<string, unknown>;
    const title = row.title ?? row.listingTitle;
    const id = row.listingId ?? (row.title !== undefined ? row.id : undefined);
    if (typeof id === 'string' && typeof title === 'string') titles.set(id, title);
    Object.values(row).forEach(visit);
  };
  visit(data);
  return titles;
}

function label(key: string): string {
  return t.fields[key] ?? (t.sections as Record<string, string>)[key] ?? key;
}

function scalar(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t.empty;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'number' && YEAR.has(key)) return String(value);
  if (typeof value === 'number') return MONEY.has(key) ? formatNok(value) : formatNumber(value);
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  const text = value;
  if (DATE_TIME.test(text)) return formatDateTime(text);
  if (DAY.test(text)) return formatDate(text);
  return CODES[key]?.[text] ?? t.values[text] ?? text;
}

function render(key: string, value: unknown, titles: Map<string, string>): string {
  if (AS_IN_DATA.has(key) && value && typeof value === 'object') return `<p>${escapeHtml(t.asInData)}</p><pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `<p>${escapeHtml(t.none)}</p>`;
    if (value.every((item) => item === null || typeof item !== 'object')) return `<ul>${value.map((item) => `<li>${escapeHtml(scalar(key, item))}</li>`).join('')}</ul>`;
    return `<ol>${value.map((item) => `<li>${render(key, item, titles)}</li>`).join('')}</ol>`;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) return fields(value as Record<string, unknown>, titles);
  return `<p>${escapeHtml(scalar(key, value))}</p>`;
}

function fields(row: Record<string, unknown>, titles: Map<string, string>): string {
  const named = row.title ?? row.listingTitle;
  const parts: string[] = [];
  if (typeof row.listingId === 'string' && named === undefined && titles.has(row.listingId)) {
    parts.push(`<dt>${escapeHtml(t.listing)}</dt><dd>${escapeHtml(titles.get(row.listingId)!)}</dd>`);
  }
  for (const [key, value] of Object.entries(row)) {
    if (isIdField(key)) continue;
    parts.push(`<dt>${escapeHtml(label(key))}</dt><dd>${render(key, value, titles)}</dd>`);
  }
  return `<dl>${parts.join('')}</dl>`;
}

const STYLE = 'body{overflow-wrap:anywhere;font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#0f172a}dt{font-weight:600}dd{margin:0 0 .5rem}ol>li{border-top:1px solid #cbd5e1;padding-top:.5rem}pre{white-space:pre-wrap}';

/** The whole page. `data` is the export exactly as data.json holds it. */
export function exportSummaryHtml(data: ExportData): string {
  const titles = titlesById(data);
  const keys = Object.keys(data).filter((key) => key !== 'exportedAt');
  const toc = keys.map((key) => `<li><a href="#${escapeHtml(key)}">${escapeHtml(label(key))}</a></li>`).join('');
  const sections = keys.map((key) => `<section id="${escapeHtml(key)}"><h2>${escapeHtml(label(key))}</h2>${render(key, data[key], titles)}</section>`).join('');
  const when = typeof data.exportedAt === 'string' ? formatDateTime(data.exportedAt) : t.empty;
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro(when))}</p><nav aria-label="${escapeHtml(t.contents)}"><h2>${escapeHtml(t.contents)}</h2><ul>${toc}</ul></nav>${sections}</main></body></html>`;
}
