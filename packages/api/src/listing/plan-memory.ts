import { searchTokens } from '@bedriftstorget/core/listing/search-terms';
import type { SORTS } from './keyset';
import type { SearchPlan } from './search';
import { readsDatedTerms } from './term-order';

/**
 * A common-word search's plan, remembered per process for 20 s by its words (decision 157), so the
 * next search for them sends its page beside its plan instead of after it: one wait instead of two
 * (two waits of the database's queue each made the soak's searches twice as slow as a browse; two
 * round trips over PlanetScale's HTTP driver). The plan is still read on every search, and the page
 * read with the remembered one is used only when the new plan has the same shape (planShape); when
 * the words' listings changed it, the page is read again with the new plan. So a remembered plan
 * can cost a page read twice, never a wrong page.
 */
const TTL_MS = 20_000;
const MAX_ENTRIES = 500;

type WalkPlan = Extract<SearchPlan, { kind: 'walk' }>;
const plans = new Map<string, { plan: WalkPlan; expires: number }>();

const keyOf = (q: string) => searchTokens(q).join(' ');

/** The plan remembered for these words, while it is fresh; only a walk (common words) is kept. */
export function rememberedPlan(q: string | undefined, now = Date.now()): WalkPlan | null {
  const kept = q ? plans.get(keyOf(q)) : undefined;
  return kept && kept.expires > now ? kept.plan : null;
}

export function rememberPlan(q: string | undefined, plan: SearchPlan, now = Date.now()): void {
  if (!q || plan.kind !== 'walk') return;
  // Bounded: a flood of distinct searches only restarts the memory.
  if (plans.size >= MAX_ENTRIES) plans.clear();
  plans.set(keyOf(q), { plan, expires: now + TTL_MS });
}

/**
 * What a page read depends on in a plan: its kind and where it reads from, each word and its
 * spellings in the plan's order, and whether its rarest word's dated terms are read. Two plans of
 * the same shape read the same page (browse.ts and prepared-pages.ts read nothing else of a plan).
 */
export function planShape(plan: SearchPlan, sort: keyof typeof SORTS): string {
  if (plan.kind !== 'walk') return plan.kind;
  return JSON.stringify([plan.kind, plan.scope, plan.readFrom, readsDatedTerms(plan, sort), plan.tokens.map((token) => [token.token, token.words])]);
}

/** Tests and writes that must show a change at once (with the counts: clearCountCache). */
export function forgetPlans(): void {
  plans.clear();
}
