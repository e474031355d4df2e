import { describe, expect, it } from 'vitest';
import { browseQuery, browseParamsOf } from '@bedriftstorget/core/listing/browse-url';
import { describeFilters } from '@bedriftstorget/core/saved-search/describe';
import { filtersKey, savedFiltersSchema } from '@bedriftstorget/core/saved-search/schemas';
import { savedFiltersOf } from '../../packages/web/src/features/browse/use-browse-params';

const saved = (filters: Record<string, unknown>) => savedFiltersSchema.parse(filters);

describe("a saved search keeps 'Verifiserte selgere'", () => {
  it('from the browse address, as the browse page saves it, and not the sort or «Skjul annonser under bud»', () => {
    const params = browseParamsOf(new URLSearchParams('q=kaf%C3%A9&sted=Bergen&selger=verifisert&sortering=price_desc'));
    expect(browseQuery(params).verifiedSellers).toBe(true);
    const filters = savedFiltersOf({ ...params, hideUnderOffer: true });
    expect(filters).toEqual({ q: 'kafé', location: 'Bergen', verifiedSellers: true });
    expect(saved(filters).verifiedSellers).toBe(true);
  });

  it('says so in words, last, as the dialog names it and the alert mail describes it', () => {
    expect(describeFilters({ q: 'kafé', location: 'Bergen', verifiedSellers: true })).toBe('«kafé» · i Bergen · Verifiserte selgere');
    expect(describeFilters({ verifiedSellers: true })).toBe('Verifiserte selgere');
    expect(describeFilters({ q: 'kafé', verifiedSellers: false })).toBe('«kafé»');
  });

  it('is another search than the same words without it; off is the same as left out', () => {
    expect(filtersKey(saved({ q: 'kafé', verifiedSellers: true }))).not.toBe(filtersKey(saved({ q: 'kafé' })));
    expect(filtersKey(saved({ q: 'kafé', verifiedSellers: false }))).toBe(filtersKey(saved({ q: 'kafé' })));
  });
});
