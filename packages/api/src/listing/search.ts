import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { industries, listings, type Industry } from '@bedriftstorget/core/listing/listing.sql';

/**
 * InnoDB's FULLTEXT skips words under 3 characters and its (English) stopwords, among them 'it',
 * 'en', 'for' — common in Norwegian searches. Those tokens are matched as whole words with REGEXP
 * instead; everything else uses the FULLTEXT index with prefix matching.
 */
const FULLTEXT_MIN_LENGTH = 3;
const INNODB_STOPWORDS = new Set([
  'a', 'about', 'an', 'are', 'as', 'at', 'be', 'by', 'com', 'de', 'en', 'for', 'from', 'how', 'i', 'in', 'is', 'it',
  'la', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'who', 'will', 'with', 'und', 'www',
]);
const MAX_TOKENS = 8;

export function searchTokens(q: string): string[] {
  return [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, MAX_TOKENS);
}

/** Industries whose Norwegian label has a word starting with the token ('it' → tech, 'mat' → restaurant). */
export function industriesMatching(token: string): Industry[] {
  return industries.filter((industry) => {
    const words = industryLabels[industry].toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    return words.some((word) => (token.length < FULLTEXT_MIN_LENGTH ? word === token : word.startsWith(token)));
  });
}

function usesFulltext(token: string): boolean {
  return token.length >= FULLTEXT_MIN_LENGTH && !INNODB_STOPWORDS.has(token);
}

/** Every token must match title, description or location, or name the listing's industry. */
export function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const tokens = searchTokens(q);
  if (tokens.length === 0) return undefined;
  return and(
    ...tokens.map((token) => {
      const text = usesFulltext(token)
        ? sql`MATCH (${listings.title}, ${listings.description}, ${listings.location}) AGAINST (${`+${token}*`} IN BOOLEAN MODE)`
        : (() => {
            // Tokens are letters and digits only (see searchTokens), so nothing here is a regex operator.
            const pattern = `\\b${token}\\b`;
            return sql`(${listings.title} REGEXP ${pattern} OR ${listings.location} REGEXP ${pattern} OR ${listings.description} REGEXP ${pattern})`;
          })();
      const named = industriesMatching(token);
      return named.length ? or(text, inArray(listings.industry, named)) : text;
    }),
  );
}
