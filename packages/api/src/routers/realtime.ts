import { TRPCError } from '@trpc/server';
import { request } from '@bedriftstorget/core/texts/http';
import { createAblyTokenRequest } from '../realtime/ably';
import { realtimeMode, type RealtimeMode } from '../realtime/publisher';
import { isAdmin, protectedProcedure, publicProcedure, router } from '../trpc';

export const realtimeRouter = router({
  /** How this browser should listen; visitors have nothing to listen to. */
  config: publicProcedure.query(({ ctx }): { mode: RealtimeMode } => ({ mode: ctx.user ? realtimeMode(ctx.config) : 'off' })),

  /**
   * The Ably client's authCallback: a token request for this user's own channel (and the admin
   * channel for admins), asked again whenever the token runs out.
   */
  ablyToken: protectedProcedure.mutation(async ({ ctx }) => {
    const ably = ctx.config.ably;
    if (!ably || realtimeMode(ctx.config) !== 'ably') {
      throw new TRPCError({ code: 'NOT_FOUND', message: request.realtimeOff });
    }
    return createAblyTokenRequest(ably.key, ctx.user.id, await isAdmin(ctx.db, ctx.user.id));
  }),
});
