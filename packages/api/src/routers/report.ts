import { reportDeactivateSchema, reportIdSchema, reportInputSchema, reportPageSchema } from '@bedriftstorget/core/report/schemas';
import { countOpenReports, handleReport, listOpenReports } from '../report/admin-reports';
import { createReport } from '../report/reports';
import { adminProcedure, protectedProcedure, router } from '../trpc';

/** 'Rapporter annonse' (decision 050): signed-in users only. */
export const reportRouter = router({
  create: protectedProcedure.input(reportInputSchema).mutation(({ ctx, input }) => createReport(ctx, ctx.user.id, input)),
});

/** /admin/rapporter: every procedure checks the admin role. */
export const adminReportsRouter = router({
  list: adminProcedure.input(reportPageSchema).query(({ ctx, input }) => listOpenReports(ctx.db, input.cursor)),
  count: adminProcedure.query(({ ctx }) => countOpenReports(ctx.db)),
  dismiss: adminProcedure.input(reportIdSchema).mutation(({ ctx, input }) => handleReport(ctx, ctx.user.id, input.id, 'dismiss')),
  /** Staff's note to the owner is required: the mail and /mine-annonser say why in staff's words (decision 140). */
  deactivate: adminProcedure.input(reportDeactivateSchema).mutation(({ ctx, input }) => handleReport(ctx, ctx.user.id, input.id, 'deactivate', new Date(), input.note)),
});
