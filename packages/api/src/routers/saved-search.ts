import * as z from 'zod';
import { createSavedSearchSchema, renameSavedSearchSchema, savedSearchIdSchema, setAlertsSchema, unsubscribeSchema } from '@bedriftstorget/core/saved-search/schemas';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, renameSavedSearch, setSavedSearchAlerts, unsubscribe } from '../saved-search/searches';
import { protectedProcedure, publicProcedure, router } from '../trpc';

/** Saved searches with alerts (decisions 046–048): the owner's own rows only; the unsubscribe link needs no login (decision 047). */
export const savedSearchRouter = router({
  list: protectedProcedure.query(({ ctx }) => listSavedSearches(ctx.db, ctx.user.id)),

  create: protectedProcedure.input(createSavedSearchSchema).mutation(({ ctx, input }) => createSavedSearch(ctx.db, ctx.user.id, input)),

  rename: protectedProcedure.input(renameSavedSearchSchema).mutation(async ({ ctx, input }) => {
    await renameSavedSearch(ctx.db, ctx.user.id, input.id, input.name);
    return { ok: true };
  }),

  setAlerts: protectedProcedure.input(setAlertsSchema).mutation(async ({ ctx, input }) => {
    await setSavedSearchAlerts(ctx.db, ctx.user.id, input.id, input.alerts);
    return { ok: true };
  }),

  remove: protectedProcedure.input(z.object({ id: savedSearchIdSchema })).mutation(async ({ ctx, input }) => {
    await deleteSavedSearch(ctx.db, ctx.user.id, input.id);
    return { ok: true };
  }),

  unsubscribe: publicProcedure.input(unsubscribeSchema).mutation(({ ctx, input }) => unsubscribe(ctx.db, input.token)),
});
