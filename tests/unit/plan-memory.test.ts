/**
 * The plans a common-word search remembers for 20 s (decision 157, listing/plan-memory.ts), and the
 * shape that decides whether a page read with one is the answer.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPlans, planShape, rememberedPlan, rememberPlan } from '@bedriftstorget/api/listing/plan-memory';
import type { SearchPlan } from '@bedriftstorget/api/listing/search';
import type { TokenInfo } from '@bedriftstorget/api/listing/term-counts';
import { datedOrder } from '@bedriftstorget/api/listing/term-order';

const walk = (tokens: TokenInfo[], readFrom: 'sort' | 'terms' = 'sort', scope: 'public' | 'any' = 'public'): SearchPlan => ({ kind: 'walk', condition: sql`1`, tokens, scope, readFrom, complete: [] });
const bakeri = { token: 'bakeri', n: 743, words: ['bakeri'] };
const bergen = { token: 'bergen', n: 5_638, words: ['berg', 'bergen'] };

afterEach(forgetPlans);

describe('remembered plans', () => {
  it('are found by their words however they are typed, for 20 s', () => {
    const plan = walk([bakeri, bergen]);
    rememberPlan('Bakeri  BERGEN', plan, 0);
    expect(rememberedPlan('bakeri bergen', 19_999)).toBe(plan);
    expect(rememberedPlan('bakeri bergen', 20_000)).toBeNull();
    // The words, not their letters run together.
    expect(rememberedPlan('bakerib ergen', 1)).toBeNull();
    expect(rememberedPlan(undefined, 1)).toBeNull();
  });

  it('keep only walks (common words), and only for a search', () => {
    rememberPlan('kebab', { kind: 'candidates', ids: [], rest: undefined, tokens: [bakeri], complete: [] }, 0);
    rememberPlan('kebab', { kind: 'empty', complete: [] }, 0);
    rememberPlan('kebab', { kind: 'none' }, 0);
    expect(rememberedPlan('kebab', 1)).toBeNull();
    rememberPlan(undefined, walk([bakeri]), 0);
    rememberPlan('', walk([bakeri]), 0);
    expect(rememberedPlan('', 1)).toBeNull();
  });

  it('are many at once, and a flood of distinct searches only restarts the memory', () => {
    const first = walk([bakeri]);
    rememberPlan('bakeri', first, 0);
    rememberPlan('bergen', walk([bergen]), 0);
    expect(rememberedPlan('bakeri', 1)).toBe(first);
    for (let i = 0; i < 498; i += 1) rememberPlan(`ord${i}`, walk([bakeri]), 0);
    expect(rememberedPlan('bakeri', 1)).toBe(first);
    rememberPlan('ord500', walk([bakeri]), 0);
    expect(rememberedPlan('bakeri', 1)).toBeNull();
    expect(rememberedPlan('ord500', 1)).not.toBeNull();
  });

  it('are forgotten at once when the counts are cleared', () => {
    rememberPlan('bakeri', walk([bakeri]), 0);
    forgetPlans();
    expect(rememberedPlan('bakeri', 1)).toBeNull();
  });
});

describe('a plan\'s shape', () => {
  it('is its kind when it is no walk', () => {
    expect(planShape({ kind: 'none' }, 'newest')).toBe('none');
    expect(planShape({ kind: 'empty', complete: [] }, 'newest')).toBe('empty');
  });

  it('is the same when only the counts moved, and differs with anything a page read takes from it', () => {
    const shape = (plan: SearchPlan, sort: 'newest' | 'price_asc' = 'newest') => planShape(plan, sort);
    const base = shape(walk([bakeri, bergen]));
    expect(shape(walk([{ ...bakeri, n: 750 }, { ...bergen, n: 5_700 }]))).toBe(base);
    expect(shape(walk([bergen, bakeri]))).not.toBe(base);
    expect(shape(walk([{ ...bakeri, words: ['bakeri', 'bakeriet'] }, bergen]))).not.toBe(base);
    expect(shape(walk([bakeri, bergen], 'terms'))).not.toBe(base);
    expect(shape(walk([bakeri, { ...bergen, token: 'berge' }]))).not.toBe(base);
    // Several spellings past the dated read's limit: walked on the index instead.
    const spelled = walk([{ token: 'frisør', n: 1_034, words: ['frisør', 'frisørsalong'] }]);
    expect(shape(walk([{ token: 'frisør', n: datedOrder.sortLimit + 1, words: ['frisør', 'frisørsalong'] }]))).not.toBe(shape(spelled));
    expect(shape(walk([bakeri], 'sort', 'any'))).not.toBe(shape(walk([bakeri])));
  });
});
