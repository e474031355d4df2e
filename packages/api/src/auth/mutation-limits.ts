import type { Context } from '../context';
import { enforceLimit } from './rate-limit';
import { RATE_LIMITS, type RateLimitRule } from './rate-limit-rules';

/**
 * Rate limits by default (decision 085): every mutation counts against a limit per signed-in user
 * and one per network, applied by the procedure builders (trpc.ts) before the input is read, so
 * a new mutation cannot ship without one. A flow that needs more (a counted view on every page)
 * names its own pair in the procedure's meta; the specific limits of RATE_LIMITS (messages,
 * uploads, reports …) come on top, in the handlers.
 */
export interface MutationLimits {
  perUser: RateLimitRule;
  perNetwork: RateLimitRule;
}

/** What a procedure may say about itself in `.meta()`. */
export interface ProcedureMeta {
  mutationLimits?: MutationLimits;
  /**
   * The handler counts its `mutationLimits` itself, together with its first reads, to save a round
   * trip (decision 078): sign-in, whose every call is a visitor's. tests/api/mutation-limits.test.ts
   * still fills each procedure's counters and expects the refusal, so the handler cannot forget them.
   * `'signed-in'`: a protected procedure's handler counts them (sending a message, decision 092);
   * a visitor's call never reaches it, so the builders still count those.
   */
  limitsCountedByHandler?: boolean | 'signed-in';
}

export const DEFAULT_MUTATION_LIMITS: MutationLimits = { perUser: RATE_LIMITS.mutationsPerUser, perNetwork: RATE_LIMITS.mutationsPerNetwork };

export function mutationLimitsOf(meta: ProcedureMeta | undefined): MutationLimits {
  return meta?.mutationLimits ?? DEFAULT_MUTATION_LIMITS;
}

/** Counts the call against both limits at once (independent writes, one round of waiting). */
export async function enforceMutationLimits(ctx: Context, meta: ProcedureMeta | undefined): Promise<void> {
  if (meta?.limitsCountedByHandler === true || (meta?.limitsCountedByHandler === 'signed-in' && ctx.user)) return;
  const { perUser, perNetwork } = mutationLimitsOf(meta);
  await Promise.all([ctx.user ? enforceLimit(ctx, perUser) : null, enforceLimit(ctx, perNetwork)]);
}
