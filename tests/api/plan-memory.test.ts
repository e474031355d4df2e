/**
 * A common-word search's page sent beside its plan, read with the plan its words had a moment ago
 * (decision 157, listing/plan-memory.ts): one wait instead of two, the same page, and never a page
 * of a plan that has since changed.
 */
import { describe, expect, it } from 'vitest';
import { request } from '@bedriftstorget/core/texts/http';
import { requestServices } from '@bedriftstorget/api/context';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { rememberCommon } from '@bedriftstorget/api/listing/common-tokens';
import { rememberedPlan } from '@bedriftstorget/api/listing/plan-memory';
import { runInRequestScope } from '@bedriftstorget/api/observability/request-scope';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, signedInUser, visitorCaller } from './harness';

const h = createHarness();

/** A visitor's search, with how many statements it sent and the longest chain of them sent one after another. */
const search = (q: string, cursor?: string) =>
  runInRequestScope(async (scope) => {
    const page = await visitorCaller(requestServices(h, scope)).listing.browse({ q, cursor });
    return { ids: page.items.map((item) => item.id).sort(), inTurn: scope.dbRoundTripsInTurn };
  });

/** Words taken as common (decision 126), as at 100 000 listings: no first ids, no early page. */
function asCommon(...words: string[]) {
  clearCountCache();
  for (const word of words) rememberCommon('public', word);
}

describe('a remembered plan (decision 157)', () => {
  it('the next search for the same words sends its page beside its plan, and finds the same listings', async () => {
    const { userId } = await signedInUser(h);
    const [word, other] = [uniqueWord(), uniqueWord()];
    const ids = [await createListing(userId, { title: `Bakeri ${word} ${other}` }), await createListing(userId, { title: `Kafé ${word} ${other}` })].sort();
    await createListing(userId, { title: `Kiosk ${word}` });
    for (const q of [word, `${word} ${other}`]) {
      asCommon(word, other);
      expect(rememberedPlan(q)).toBeNull();
      const first = await search(q);
      expect(rememberedPlan(q)?.kind).toBe('walk');
      const again = await search(q);
      expect(again.ids).toEqual(first.ids);
      // The plan (its counts, then perhaps the listings in scope), then the page. Then all at once.
      expect(first.inTurn, q).toBeGreaterThanOrEqual(2);
      expect(again.inTurn, q).toBe(1);
    }
    expect((await search(`${word} ${other}`)).ids).toEqual(ids);
  });

  it('a plan changed since (a new spelling of the word) is read again: the new listing is found', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const first = await createListing(userId, { title: `Salong ${word}` });
    asCommon(word);
    expect((await search(word)).ids).toEqual([first]);
    // 'ordx…salong': a spelling the remembered plan does not know, so its page would miss this listing.
    const second = await createListing(userId, { title: `Ny ${word}salong` });
    rememberCommon('public', word);
    const after = await search(word);
    expect(after.ids).toEqual([first, second].sort());
    expect(rememberedPlan(word)?.tokens[0]?.words?.sort()).toEqual([word, `${word}salong`]);
  });

  it('a forged cursor is the same 400 with a plan remembered', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    await createListing(userId, { title: `Verksted ${word}` });
    asCommon(word);
    await search(word);
    expect(rememberedPlan(word)).not.toBeNull();
    await expect(search(word, 'ikke-en-side')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: request.invalidCursor });
  });
});
