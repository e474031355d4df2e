import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import { emailOnlySchema, googleStartSchema, resendSchema, resetPasswordSchema, signInSchema, signUpSchema, tokenSchema } from '@bedriftstorget/core/auth/schemas';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import { deleteByLinkSchema } from '@bedriftstorget/core/auth/deletion-schemas';
import { resendConfirmation } from '../auth/confirmation-mail';
import { tokenOwner } from '../auth/tokens';
import { deleteByLink } from '../privacy/delete-requests';
import * as service from '../auth/service';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { endSession, setHttpOnlyCookie } from '../auth/session';
import { isAdmin, protectedProcedure, publicProcedure, router } from '../trpc';
import { consentGivenFor, GOOGLE_CONSENT_COOKIE } from '../privacy/consent';

const GOOGLE_STATE_COOKIE = 'bt_google_state';
const GOOGLE_VERIFIER_COOKIE = 'bt_google_verifier';
const GOOGLE_FLOW_SECONDS = 10 * 60;

export const authRouter = router({
  /** The signed-in user with the admin flag (a `user_roles` row with role admin), or null for a visitor. */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return null;
    // Every page load asks: the two reads go together (decision 078).
    const [[profile], admin] = await Promise.all([ctx.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, ctx.user.id)), isAdmin(ctx.db, ctx.user.id)]);
    return { id: ctx.user.id, email: ctx.user.email, fullName: profile?.fullName ?? null, isAdmin: admin };
  }),

  providers: publicProcedure.query(({ ctx }) => ({ google: ctx.google !== null, vipps: ctx.vipps !== null })),

  signUp: publicProcedure.input(signUpSchema).mutation(async ({ ctx, input }) => {
    await service.signUp(ctx, input);
    return { ok: true as const };
  }),

  confirmEmail: publicProcedure.input(z.object({ token: tokenSchema })).mutation(async ({ ctx, input }) => {
    await service.confirmEmail(ctx, input.token);
    return { ok: true as const };
  }),

  signIn: publicProcedure
    // Its network limit is counted in the handler beside the account's reads (service.signIn).
    .meta({ mutationLimits: { perUser: RATE_LIMITS.mutationsPerUser, perNetwork: RATE_LIMITS.signInPerNetwork }, limitsCountedByHandler: true })
    .input(signInSchema)
    .mutation(async ({ ctx, input }) => {
      await service.signIn(ctx, input);
      return { ok: true as const };
    }),

  signOut: protectedProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx);
    return { ok: true as const };
  }),

  /** 'Send e-posten på nytt' after sign-up: the same answer whatever the address (decision 002). */
  resendConfirmation: publicProcedure.input(resendSchema).mutation(async ({ ctx, input }) => {
    await resendConfirmation(ctx, input.email, input.next);
    return { ok: true as const };
  }),

  requestPasswordReset: publicProcedure.input(emailOnlySchema).mutation(async ({ ctx, input }) => {
    await service.requestPasswordReset(ctx, input.email);
    return { ok: true as const };
  }),

  /** Whether a reset link still works, asked before its form is shown; spends nothing. */
  resetLinkValid: publicProcedure.input(z.object({ token: tokenSchema })).query(async ({ ctx, input }) => ({
    valid: Boolean((await tokenOwner(ctx.db, input.token, 'reset_password'))?.usable),
  })),

  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    await service.resetPassword(ctx, input.token, input.password);
    return { ok: true as const };
  }),

  /** The link of 'Slett konto' for a Google account (privacy/delete-requests.ts): once, within the hour. */
  confirmDeletion: publicProcedure.input(deleteByLinkSchema).mutation(async ({ ctx, input }) => {
    await deleteByLink(ctx, input.token);
    return { ok: true as const };
  }),

  /** Starts Google sign-in: the browser goes to the returned URL; state and verifier wait in cookies. */
  googleStart: publicProcedure.input(googleStartSchema).mutation(({ ctx, input }) => {
    if (!ctx.google) throw new TRPCError({ code: 'NOT_FOUND', message: texts.googleFailed });
    const { url, state, codeVerifier } = ctx.google.start();
    setHttpOnlyCookie(ctx, GOOGLE_STATE_COOKIE, state, GOOGLE_FLOW_SECONDS);
    setHttpOnlyCookie(ctx, GOOGLE_VERIFIER_COOKIE, codeVerifier, GOOGLE_FLOW_SECONDS);
    // The consent step's ticked box, for the callback: only a new account needs it (decision 089).
    setHttpOnlyCookie(ctx, GOOGLE_CONSENT_COOKIE, input?.acceptTerms ? consent.version : '', input?.acceptTerms ? GOOGLE_FLOW_SECONDS : 0);
    return { url: url.toString() };
  }),

  googleCallback: publicProcedure
    .input(z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const state = ctx.cookies[GOOGLE_STATE_COOKIE];
      const verifier = ctx.cookies[GOOGLE_VERIFIER_COOKIE];
      const consented = consentGivenFor(ctx.cookies[GOOGLE_CONSENT_COOKIE]);
      setHttpOnlyCookie(ctx, GOOGLE_STATE_COOKIE, '', 0);
      setHttpOnlyCookie(ctx, GOOGLE_VERIFIER_COOKIE, '', 0);
      setHttpOnlyCookie(ctx, GOOGLE_CONSENT_COOKIE, '', 0);
      if (!ctx.google || !state || !verifier || state !== input.state) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: texts.googleFailed });
      }
      let identity;
      try {
        identity = await ctx.google.finish(input.code, verifier);
      } catch (error) {
        console.error('Google sign-in failed', error);
        throw new TRPCError({ code: 'BAD_REQUEST', message: texts.googleFailed });
      }
      await service.signInWithGoogle(ctx, identity, consented);
      return { ok: true as const };
    }),
});
