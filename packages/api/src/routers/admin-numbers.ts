import { settingsSchema } from '@bedriftstorget/core/settings/schemas';
import { valuationPageSchema, valuationStatusSchema } from '@bedriftstorget/core/valuation/admin-schemas';
import { adminActivity, adminReviewTimes, activityInputSchema } from '../stats/admin-stats';
import { listValuations, setValuationStatus } from '../admin/valuations';
import { readSettings, updateSettings } from '../settings/settings';
import { adminProcedure, router } from '../trpc';

/** The back office's numbers: Innstillinger, Verdivurderinger and Statistikk (docs/product.md, 'Numbers and settings'). */
export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => readSettings(ctx.db)),
  update: adminProcedure.input(settingsSchema).mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.user.id, input)),
});

export const valuationsRouter = router({
  list: adminProcedure.input(valuationPageSchema).query(({ ctx, input }) => listValuations(ctx.db, input)),
  setStatus: adminProcedure.input(valuationStatusSchema).mutation(async ({ ctx, input }) => {
    await setValuationStatus(ctx.db, ctx.user.id, input.id, input.status);
    return { ok: true as const };
  }),
});

export const statsRouter = router({
  review: adminProcedure.query(({ ctx }) => adminReviewTimes(ctx.db)),
  activity: adminProcedure.input(activityInputSchema).query(({ ctx, input }) => adminActivity(ctx.db, input)),
});
