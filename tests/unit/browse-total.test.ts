import { describe, expect, it } from 'vitest';
import { browse } from '@bedriftstorget/core/texts/marketplace';
import { resultCountText, shownTotal } from '../../packages/web/src/features/browse/shown-total';

/** 'Viser X av Y' with a count cached for a few seconds (decision 024). */
describe('shownTotal', () => {
  it('is the count while it agrees with the pages', () => {
    expect(shownTotal(47, 12, true, true)).toBe(47);
  });
  it('is what was read once the last page of a list read from its start is here', () => {
    expect(shownTotal(47, 48, false, true)).toBe(48);
    expect(shownTotal(49, 48, false, true)).toBe(48);
    expect(shownTotal(5, 0, false, true)).toBe(0);
  });
  it('is never below the pages shown while more are to come', () => {
    expect(shownTotal(24, 24, true, true)).toBe(25);
  });
  it('is the count for a list opened in the middle (a cursor in the URL)', () => {
    expect(shownTotal(47, 11, false, false)).toBe(47);
  });
  it('is unknown while a page sent before its count waits for it, unless the whole list is here (decision 056)', () => {
    expect(shownTotal(undefined, 12, true, true)).toBeUndefined();
    expect(shownTotal(undefined, 11, true, false)).toBeUndefined();
    expect(shownTotal(undefined, 7, false, true)).toBe(7);
  });
});

describe("'Viser X av Y' at 100 000 listings", () => {
  it('groups the digits as Norwegians write them, in every state', () => {
    expect(browse.showing(12, 46_003)).toMatch(/^Viser 12 av 46\s003 annonser$/u);
    expect(browse.showing(1, 1)).toBe('Viser 1 av 1 annonse');
    expect(browse.showingCounting(1_200)).toMatch(/^Viser 1\s200 av …$/u);
    expect(browse.showingUncounted(12)).toBe('Viser 12 annonser');
  });
  it('says what is known: the total, counting, or the page alone when the count failed', () => {
    expect(resultCountText(12, 46_003, false)).toMatch(/^Viser 12 av 46\s003 annonser$/u);
    expect(resultCountText(12, undefined, false)).toBe('Viser 12 av …');
    expect(resultCountText(12, undefined, true)).toBe('Viser 12 annonser');
  });
});
