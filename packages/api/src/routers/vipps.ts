import * as z from 'zod';
import { tokenSchema, vippsCallbackSchema, vippsLinkPasswordSchema, vippsStartSchema } from '@bedriftstorget/core/auth/schemas';
import { signInWithVipps, verifyWithVipps } from '../auth/vipps-accounts';
import { finishVipps, startVipps } from '../auth/vipps-flow';
import { confirmLinkByMail, linkWithPassword, sendLinkMail } from '../auth/vipps-link';
import { verificationOf } from '../identity/vipps-mark';
import { protectedProcedure, publicProcedure, router } from '../trpc';

/** Vipps Login (decisions 118–120): sign-in and sign-up, linking with proof, verification in /profil. */
export const vippsRouter = router({
  /** Starts a round trip to Vipps: the browser goes to the returned URL. 'verify' needs a signed-in account. */
  start: publicProcedure.input(vippsStartSchema).mutation(({ ctx, input }) => startVipps(ctx, input.intent, input.acceptTerms === true)),

  /** Vipps sent the browser back: checks everything, then signs in, signs up, verifies, or asks for proof of the account. */
  callback: publicProcedure.input(vippsCallbackSchema).mutation(async ({ ctx, input }) => {
    const { flow, identity } = await finishVipps(ctx, input.search);
    return flow.intent === 'verify' ? verifyWithVipps(ctx, flow.userId, identity) : signInWithVipps(ctx, identity, flow.consent);
  }),

  linkWithPassword: publicProcedure.input(vippsLinkPasswordSchema).mutation(async ({ ctx, input }) => {
    await linkWithPassword(ctx, input.password);
    return { ok: true as const };
  }),

  sendLinkMail: publicProcedure.mutation(async ({ ctx }) => {
    await sendLinkMail(ctx);
    return { ok: true as const };
  }),

  confirmLink: publicProcedure.input(z.object({ token: tokenSchema })).mutation(async ({ ctx, input }) => {
    await confirmLinkByMail(ctx, input.token);
    return { ok: true as const };
  }),

  /** /profil's Vipps box: verified or not, when, and the verified name and phone. */
  status: protectedProcedure.query(async ({ ctx }) => {
    const found = await verificationOf(ctx.db, ctx.user.id);
    return { verified: found?.verifiedAt != null, verifiedAt: found?.verifiedAt?.toISOString() ?? null, name: found?.name ?? null, phone: found?.phone ?? null };
  }),
});
