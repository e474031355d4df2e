import { adminEvents } from '@bedriftstorget/core/admin/events';
import {
  adminListingFilterSchema, adminListingPageSchema, adminListingUpdateSchema, adminUserPageSchema, adminUserUpdateSchema, bulkInputSchema,
  byListingIdSchema, rejectInputSchema, reviewInputSchema,
} from '@bedriftstorget/core/admin/schemas';
import { adminListings } from '@bedriftstorget/core/texts/admin';
import { adminDeleteUserSchema } from '@bedriftstorget/core/auth/deletion-schemas';
import { eraseAccount } from '../privacy/delete';
import { bulkAdminListings, deleteAdminListing, adminListing, listAdminListings, updateAdminListing } from '../admin/listings';
import { exportAdminListings } from '../admin/listings-export';
import { readLog } from '../admin/log';
import { adminStats, reviewQueue } from '../admin/overview';
import { reviewListings } from '../admin/review';
import { revisionQueue } from '../admin/revisions';
import { listAdminUsers, updateAdminUser } from '../admin/users';
import { answerQuotaRequest } from '../seller/quota-requests';
import { quotaAnswerSchema } from '@bedriftstorget/core/profile/quota-request-schemas';
import type { Context } from '../context';
import { ADMIN_CHANNEL } from '../realtime/channels';
import { adminProcedure, router } from '../trpc';
import { offersForStaff } from '../offers/read';
import { settingsRouter, statsRouter, valuationsRouter } from './admin-numbers';
import { adminReportsRouter } from './report';
import { adminAccessRouter } from './access';

/** Other admins' open back offices refresh their queue and counts. */
const announce = (ctx: Context) => ctx.realtime.publish(ADMIN_CHANNEL, { type: adminEvents.reviewed });

/** The back office (docs/product.md, 'Admin'). Every procedure is adminProcedure: the role is checked on each call. */
export const adminRouter = router({
  overview: router({
    stats: adminProcedure.query(({ ctx }) => adminStats(ctx.db)),
    queue: adminProcedure.query(({ ctx }) => reviewQueue(ctx.db)),
    /** 'Endringer til godkjenning': sellers' edits of published listings, decided with review.approve/reject (decision 086). */
    revisions: adminProcedure.query(({ ctx }) => revisionQueue(ctx.db)),
  }),

  review: router({
    approve: adminProcedure.input(reviewInputSchema).mutation(async ({ ctx, input }) => {
      const result = await reviewListings(ctx, ctx.user.id, input, 'approve', new Date(), undefined, input.note);
      await announce(ctx);
      return result;
    }),
    reject: adminProcedure.input(rejectInputSchema).mutation(async ({ ctx, input }) => {
      const result = await reviewListings(ctx, ctx.user.id, input, 'reject', new Date(), { reason: input.reason, note: input.note });
      await announce(ctx);
      return result;
    }),
  }),

  listings: router({
    list: adminProcedure.input(adminListingPageSchema).query(({ ctx, input }) => listAdminListings(ctx.db, input)),
    exportCsv: adminProcedure
      .input(adminListingFilterSchema)
      .query(async ({ ctx, input }) => ({ fileName: adminListings.csvFileName, csv: await exportAdminListings(ctx.db, ctx.config.appUrl, input) })),
    get: adminProcedure.input(byListingIdSchema).query(({ ctx, input }) => adminListing(ctx.db, input.id)),
    /** The listing's offers for staff: how many and in which state, never the parties' messages. */
    offers: adminProcedure.input(byListingIdSchema).query(({ ctx, input }) => offersForStaff(ctx.db, input.id)),
    update: adminProcedure.input(adminListingUpdateSchema).mutation(async ({ ctx, input }) => {
      await updateAdminListing(ctx, ctx.user.id, input.id, input.patch);
      await announce(ctx);
      return { ok: true as const };
    }),
    remove: adminProcedure.input(byListingIdSchema).mutation(async ({ ctx, input }) => {
      await deleteAdminListing(ctx, ctx.user.id, input.id);
      await announce(ctx);
      return { ok: true as const };
    }),
    bulk: adminProcedure.input(bulkInputSchema).mutation(async ({ ctx, input }) => {
      const changed = await bulkAdminListings(ctx, ctx.user.id, input.ids, input.action);
      await announce(ctx);
      return { changed };
    }),
  }),

  users: router({
    list: adminProcedure.input(adminUserPageSchema).query(({ ctx, input }) => listAdminUsers(ctx.db, input, ctx.user.id)),
    update: adminProcedure.input(adminUserUpdateSchema).mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      await updateAdminUser(ctx.db, ctx.user.id, id, fields);
      return { ok: true as const };
    }),
    /** Staff's answer to 'Be om flere annonser' (decision 141): a new limit and plan, or a decline, with a note mailed to the user. */
    answerRequest: adminProcedure.input(quotaAnswerSchema).mutation(({ ctx, input }) => answerQuotaRequest(ctx, ctx.user.id, input)),
    /** Deletes the account as 'Slett konto' does; logged with ids only; never the admin's own, never the last admin (decision 088). */
    remove: adminProcedure.input(adminDeleteUserSchema).mutation(async ({ ctx, input }) => {
      await eraseAccount(ctx, input.id, { kind: 'admin', adminId: ctx.user.id });
      return { ok: true as const };
    }),
  }),

  log: router({
    list: adminProcedure.query(({ ctx }) => readLog(ctx.db)),
  }),

  settings: settingsRouter,
  valuations: valuationsRouter,
  stats: statsRouter,
  reports: adminReportsRouter,
  access: adminAccessRouter,
});
