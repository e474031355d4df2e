import { industryLabels } from './labels';
import type { Industry } from './listing.sql';
import { countyOf } from './places';
import { formerCounties, formerNamesOf } from './former-counties';
import { countyLevel } from './public-location';
import { spell, termForms } from './spelling';

/**
 * The words a listing is found by (decision records 023 and 093): every distinct word of its title,
 * description, location, the location's county, the county's former names and its industry's
 * label, lower-cased and folded (`fold`), each with its stem and the trades inside it (decision 148). Stored one row per word in `listing_terms` for public
 * listings only; a search token matches a word equal to it (tokens under three letters: 'as',
 * 'it') or starting with it.
 */
export const MAX_TERM_LENGTH = 32;
/**
 * The rules `listingTerms` writes by. Raise it with every change of them: `ops backfill` then
 * compares every listing's terms once (decision 148); 1 is the spelling forms.
 */
export const SEARCH_INDEX_VERSION = 1;
export const MAX_TOKENS = 8;
/** Shorter tokens match whole words only, as FULLTEXT's minimum did before. */
export const PREFIX_MIN_LENGTH = 3;

/** Letters Norwegian spells otherwise: Swedish/German ä and ö are written æ and ø here (Göteborg → Gøteborg). */
const SPELLED: Readonly<Record<string, string>> = { ä: 'æ', ö: 'ø', ǽ: 'æ', ǿ: 'ø', ß: 'ss', đ: 'd', ŋ: 'n', ŧ: 't', ł: 'l', ı: 'i' };

/**
 * Lower case without accents, the same for what is indexed and what is searched: 'Café' and 'kafé'
 * are 'cafe' and 'kafe', 'Kárášjohka' is 'karasjohka', 'Müller' is 'muller'. Æ, ø and å stay
 * letters of their own (Norwegian 'bør' is not 'bor', 'på' is not 'pa').
 */
export function fold(text: string): string {
  return text
    .toLocaleLowerCase('nb')
    .normalize('NFC')
    .replace(/[^\p{ASCII}]/gu, (ch) => SPELLED[ch] ?? (ch === 'å' ? ch : ch.normalize('NFD').replace(/\p{M}+/gu, '')));
}

/** The words of a text as they are indexed and searched: folded, and spelled as Norwegian does ('cafe' → 'kafe'). */
export function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(spell);
}

/** A text's words with their stems and the trades inside them (decision 148): what a listing is found by. */
function indexedWords(text: string): string[] {
  return words(text).flatMap(termForms);
}

const PHRASE_MARK = '=';

/**
 * A former county name as one term: a word as it is ('hordaland'), several joined behind '='
 * ('Sogn og Fjordane' → '=sognogfjordane'). The mark keeps them from answering a prefix typed
 * alone: 'troms' must not find Finnmark through 'tromsogfinnmark', nor 'nord' all of Trøndelag.
 * No typed token has it (words are letters and digits), and it is no LIKE wildcard.
 */
export function countyTerm(name: string): string {
  const parts = words(name);
  return (parts.length > 1 ? `${PHRASE_MARK}${parts.join('')}` : parts.join('')).slice(0, MAX_TERM_LENGTH);
}

/** Former county names of more than one word, as their words: a search joins them into one term. */
const PHRASES = Object.keys(formerCounties).map(words).filter((w) => w.length > 1);

/**
 * 'sør-trøndelag' and 'sogn og fjordane' are one term each (countyTerm), so their words are joined
 * here, marked the same way: a whole phrase anywhere, or its start at the end of what is typed ('sogn og fj').
 */
function joinPhrases(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; ) {
    const atEnd = (m: number) => i + m === list.length;
    const phrase = PHRASES.map((p) => {
      let m = 0;
      while (m < p.length && i + m < list.length && (list[i + m] === p[m] || (atEnd(m + 1) && p[m]!.startsWith(list[i + m]!)))) m += 1;
      return m >= 2 && (m === p.length || atEnd(m)) ? m : 0;
    }).reduce((a, b) => Math.max(a, b), 0);
    out.push(phrase ? `${PHRASE_MARK}${list.slice(i, i + phrase).join('')}` : list[i]!);
    i += phrase || 1;
  }
  return out;
}

export function searchTokens(q: string): string[] {
  return [...new Set(joinPhrases(words(q)).map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TOKENS);
}

export interface TermSource {
  title: string;
  description: string;
  location: string;
  industry: Industry;
  /** A confidential sale is found by its county, never by its town (decision 099). */
  confidential: boolean;
}

export function listingTerms(listing: TermSource): string[] {
  if (listing.confidential) return confidentialTerms(listing);
  const county = countyOf(listing.location) ?? '';
  const text = [listing.title, listing.description, listing.location, county, industryLabels[listing.industry]].join(' ');
  const former = county ? formerNamesOf(county).map(countyTerm) : [];
  return [...new Set([...indexedWords(text).map((w) => w.slice(0, MAX_TERM_LENGTH)), ...former])];
}

/**
 * A confidential listing's words: its county in place of the place typed, and no word of that place
 * at all — not even from the title or description — unless the county or the industry's label has
 * it too ('Oslo' stays 'oslo'). A search by the town must not find the listing it would point at.
 */
function confidentialTerms(listing: TermSource): string[] {
  const county = countyLevel(listing.location) ?? '';
  const kept = new Set(words(`${county} ${industryLabels[listing.industry]}`));
  const place = new Set(words(listing.location).filter((word) => !kept.has(word)));
  const text = [listing.title, listing.description, county, industryLabels[listing.industry]].join(' ');
  const former = county ? formerNamesOf(county).map(countyTerm) : [];
  const shown = words(text).filter((word) => !place.has(word));
  return [...new Set([...shown.flatMap(termForms).filter((word) => !place.has(word)).map((w) => w.slice(0, MAX_TERM_LENGTH)), ...former])];
}
