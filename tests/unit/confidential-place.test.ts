import { describe, expect, it } from 'vitest';
import { countyLevel, publicLocation } from '@bedriftstorget/core/listing/public-location';
import { listingTerms, searchTokens } from '@bedriftstorget/core/listing/search-terms';
import { company } from '@bedriftstorget/core/texts/company';

/**
 * A confidential sale's place (decision 099): the public reads its county, never the town typed in
 * 'Sted', and a search by that town does not find it.
 */
describe('the county a free-text place lies in', () => {
  it('knows a town, a county, a former county of one county today, and a known town or county among the words', () => {
    expect(countyLevel('Egersund')).toBe('Rogaland');
    expect(countyLevel(' bergen ')).toBe('Vestland');
    expect(countyLevel('vestland')).toBe('Vestland');
    expect(countyLevel('Hordaland')).toBe('Vestland');
    expect(countyLevel('Bergen sentrum')).toBe('Vestland');
    expect(countyLevel('Like ved Mo i Rana')).toBe('Nordland');
    expect(countyLevel('Indre Østfold')).toBe('Østfold');
  });

  it('answers null for a place it cannot place, and for a former county now split (Viken)', () => {
    expect(countyLevel('Tjøtta')).toBeNull();
    expect(countyLevel('Viken')).toBeNull();
  });
});

describe('publicLocation', () => {
  it('is the place as typed for an open sale, the county for a confidential one, and "Norge" when no county is known', () => {
    expect(publicLocation({ location: 'Egersund', confidential: false })).toBe('Egersund');
    expect(publicLocation({ location: 'Egersund', confidential: true })).toBe('Rogaland');
    // A derived table's rows bring the flag as the driver's 0/1.
    expect(publicLocation({ location: 'Egersund', confidential: 1 })).toBe('Rogaland');
    expect(publicLocation({ location: 'Egersund', confidential: 0 })).toBe('Egersund');
    expect(publicLocation({ location: 'Tjøtta', confidential: true })).toBe(company.unknownCounty);
  });
});

describe('the search terms of a confidential listing', () => {
  const listing = { title: 'Fiskebutikk med lang historie i Egersund', description: 'Godt drevet butikk i Egersund sentrum med faste kunder.', location: 'Egersund', industry: 'retail' as const };

  it('hold the county and its former names, never a word of the town — not even from the title or description', () => {
    const terms = listingTerms({ ...listing, confidential: true });
    expect(terms).toEqual(expect.arrayContaining(['rogaland', 'fiskebutikk', 'sentrum', 'varehandel']));
    expect(terms).not.toContain('egersund');
    for (const token of searchTokens('Egersund')) expect(terms.some((term) => term.startsWith(token))).toBe(false);
  });

  it('an open listing keeps its town; a town that is its own county stays', () => {
    expect(listingTerms({ ...listing, confidential: false })).toEqual(expect.arrayContaining(['egersund', 'rogaland']));
    expect(listingTerms({ ...listing, location: 'Oslo', confidential: true })).toContain('oslo');
  });

  it('a place we cannot place leaves no county and no town', () => {
    const terms = listingTerms({ ...listing, description: 'Butikk på Tjøtta med kaiplass.', location: 'Tjøtta', confidential: true });
    expect(terms).not.toContain('tjøtta');
    expect(terms).toEqual(expect.arrayContaining(['butikk', 'kaiplass']));
  });
});
