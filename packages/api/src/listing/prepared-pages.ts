import { and } from 'drizzle-orm';
import type { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { filterShape, filterValues, isPublic, placeholderFilters } from './filters';
import { browseCursor, preparedPhasesFrom, SORTS } from './keyset';
import { readPreparedPage, readSortPhases, type PhaseRow } from './page-read';
import type { SearchPlan } from './search';
import { hasTokenPlaceholders, tokenShape, tokenValues } from './token-condition';
import type { TokenInfo } from './term-counts';
import { datedListingId, preparedDatedRead, readsDatedTerms } from './term-order';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';

type BrowseInput = z.output<typeof browseInputSchema>;

/** Off only in tests, to read the same pages the general way and compare. */
export const preparedSortPages = { enabled: true };
export const preparedSearchPages = { enabled: true };

/**
 * A browse page read by statements built once (db/prepared.ts; decisions 153, 155 and 156), when
 * its kind of read has one: a word's dated terms (newest first), or the sort's `index` with no
 * words or with common words checked on each listing. Each statement is built once per shape —
 * sort, index, phase, the filters present (filters.ts), each word's number of spellings or kind of
 * match — and the values fill its placeholders. Null: read the page the general way (browse.ts),
 * which sends the same SQL with its values inline.
 */
export function preparedPage(db: Database, input: BrowseInput, plan: SearchPlan, index: string | undefined): Promise<PhaseRow[]> | null {
  const values = filterValues(input);
  const cursor = input.cursor ? browseCursor.decode(input.cursor) : null;
  if (plan.kind === 'walk' && preparedSearchPages.enabled) {
    // The rarest word by its terms, the other words on each term row, the filters on each listing.
    const others = preparedTokens(plan.tokens.slice(1), 1);
    const listingWhere = () => and(isPublic, placeholderFilters(values), ...others.build(datedListingId));
    const dated = preparedDatedRead(plan, input.sort, listingWhere, `${filterShape(values)}|${others.shape}`, cursor);
    if (dated) return readPreparedPage(db, dated.shape, dated.parts, { ...values, ...others.values, ...dated.values }, input.limit + 1);
  }
  if (!preparedSortPages.enabled || !index) return null;
  // The sort's index, checked for every word (the plan's walk condition), or for none.
  const words = plan.kind === 'none' ? preparedTokens([], 1) : plan.kind === 'walk' && plan.readFrom === 'sort' && !readsDatedTerms(plan, input.sort) ? preparedTokens(plan.tokens, 1) : null;
  if (!words) return null;
  const shape = `${input.sort}:${index}:${filterShape(values)}|${words.shape}`;
  const where = () => and(isPublic, placeholderFilters(values), ...words.build(listings.id));
  return readSortPhases(db, shape, index, where, { ...values, ...words.values }, preparedPhasesFrom(SORTS[input.sort], cursor), input.limit + 1);
}

/** Words' conditions with placeholders (search.ts), named `t1…`, `t2…` by their place in the plan. */
function preparedTokens(tokens: TokenInfo[], first: number) {
  const named = tokens.map((token, i) => ({ token, prefix: `t${first + i}` }));
  return {
    shape: named.map(({ token }) => tokenShape(token)).join(','),
    values: Object.assign({}, ...named.map(({ token, prefix }) => tokenValues(token, prefix))) as Record<string, unknown>,
    build: (listingId: MySqlColumn) => named.map(({ token, prefix }) => hasTokenPlaceholders(token, prefix, listingId)),
  };
}
