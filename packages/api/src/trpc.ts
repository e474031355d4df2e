import { TRPCError, initTRPC } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { admin, common } from '@bedriftstorget/core/texts/nb';
import type { Context } from './context';
import type { Database } from './db/client';
import { asUnavailable } from './db/unavailable';
import { norwegianFrameworkMessage, norwegianZodDefaults } from './http/messages';
import { isWellFormedInput } from './http/well-formed';
import { request as requestTexts } from '@bedriftstorget/core/texts/http';
import { reasonOf, refusal } from './refusal';
import { enforceMutationLimits, type ProcedureMeta } from './auth/mutation-limits';

// Zod's own (English) messages only show where a schema gives none: make those Norwegian and short.
z.config({ localeError: norwegianZodDefaults });

/**
 * The only procedure builders (docs/architecture.md, 'Conventions'). Error messages are what the user sees: the first
 * validation message for bad input, our Norwegian texts for rule violations, and a generic text
 * for anything unexpected (its details go to the log, never to the browser). `data.reason` tells
 * refusals with the same code apart for the web app (decision 062); null on every other error.
 */
const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: common.genericError, data: { ...shape.data, stack: undefined, reason: null } };
    }
    // tRPC's own refusals (malformed JSON, unknown procedure, wrong method …) are English: say them in Norwegian.
    const message = norwegianFrameworkMessage(error) ?? shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined, reason: reasonOf(error) } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * What every procedure goes through, in one middleware rather than three (each layer is promises
 * and result objects on every call, reads included: decision 126), in this order:
 * - every mutation counts against its limits per user and per network (auth/mutation-limits.ts);
 * - text that is not valid Unicode (an unpaired surrogate, which only a hand-made request can send)
 *   is refused before any schema sees it, in every field of every procedure: the database cannot
 *   store it;
 * - bad input reads as its first validation message (the Norwegian text of the schema), for HTTP
 *   clients and server-side callers alike;
 * - a database that cannot be reached is 'try again shortly' (503 + Retry-After), not a 500.
 */
const procedureChecks = t.middleware(async ({ type, ctx, meta, getRawInput, next }) => {
  if (type === 'mutation') {
    try {
      await enforceMutationLimits(ctx, meta);
    } catch (error) {
      throw asUnavailable(error);
    }
  }
  // Unreadable JSON is the input parser's to refuse (a procedure without input ignores it, as before).
  const raw = await getRawInput().catch(() => undefined);
  if (!isWellFormedInput(raw)) throw new TRPCError({ code: 'BAD_REQUEST', message: requestTexts.invalidText });
  const result = await next();
  if (result.ok) return result;
  if (result.error.cause instanceof z.ZodError) {
    result.error.message = result.error.cause.issues[0]?.message ?? result.error.message;
  }
  return { ...result, error: asUnavailable(result.error) as TRPCError };
});

export const publicProcedure = t.procedure.use(procedureChecks);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: common.signInRequired });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return rows.length > 0;
}

/** Checked against user_roles on every call: a revoked admin loses access at once. */
export const adminProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  if (!(await isAdmin(ctx.db, ctx.user.id))) {
    throw refusal('NO_ACCESS', admin.noAccessText);
  }
  return next();
});
