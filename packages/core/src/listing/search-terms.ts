import { industryLabels } from './labels';
import type { Industry } from './listing.sql';
import { countyOf } from './places';

/**
 * The words a listing is found by (decision record 023): every distinct word of its title,
 * description, location, the location's county and its industry's label, lower-cased. Stored
 * one row per word in `listing_terms` for public listings only; a search token matches a word
 * equal to it (tokens under three letters: 'as', 'it') or starting with it.
 */
export const MAX_TERM_LENGTH = 32;
export const MAX_TOKENS = 8;
/** Shorter tokens match whole words only, as FULLTEXT's minimum did before. */
export const PREFIX_MIN_LENGTH = 3;

export function words(text: string): string[] {
  return text.toLocaleLowerCase('nb').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export function searchTokens(q: string): string[] {
  return [...new Set(words(q).map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TOKENS);
}

export interface TermSource {
  title: string;
  description: string;
  location: string;
  industry: Industry;
}

export function listingTerms(listing: TermSource): string[] {
  const county = countyOf(listing.location) ?? '';
  const text = [listing.title, listing.description, listing.location, county, industryLabels[listing.industry]].join(' ');
  return [...new Set(words(text).map((w) => w.slice(0, MAX_TERM_LENGTH)))];
}
