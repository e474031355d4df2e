import { soldPriceSchema } from '@bedriftstorget/core/offer/schemas';
import * as z from 'zod';
import { textField } from '@bedriftstorget/core/text/clean';
import { request } from '@bedriftstorget/core/texts/http';
import { emailSchema } from '@bedriftstorget/core/auth/schemas';
import { listingSubmitSchema, MAX_IMAGES } from '@bedriftstorget/core/listing/form-schema';
import { listingIdSchema } from '@bedriftstorget/core/listing/schemas';
import { profileUpdateSchema } from '@bedriftstorget/core/profile/schemas';
import { images as imageTexts } from '@bedriftstorget/core/texts/seller';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { deleteListing, listingForEdit, markSold, myListings, updateListing } from '../seller/listings';
import { createListing } from '../seller/create';
import { requestMoreListings } from '../seller/quota-requests';
import { quotaRequestSchema } from '@bedriftstorget/core/profile/quota-request-schemas';
import { lookupCompany } from '../company/lookup';
import { orgnrSchema } from '@bedriftstorget/core/company/orgnr';
import { readProfile, rememberDraft, updateProfile } from '../seller/profiles';
import { confirmUpload, imageTypes, presignUpload, removeUpload, type ImageType } from '../seller/uploads';
import { renewListing, setUnderOffer } from '../listing/lifecycle';
import { sellerStats } from '../stats/seller-stats';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { exportUserData } from '../privacy/export';
import { deleteWithPassword, requestDeletionLink } from '../privacy/delete-requests';
import { deleteWithPasswordSchema } from '@bedriftstorget/core/auth/deletion-schemas';

const byId = z.object({ id: listingIdSchema });

export const sellerRouter = router({
  mine: protectedProcedure.query(({ ctx }) => myListings(ctx)),

  /** 'Be om flere annonser' (decision 141): staff answer from /admin/brukere. */
  requestMoreListings: protectedProcedure.input(quotaRequestSchema).mutation(({ ctx, input }) => requestMoreListings(ctx, input)),

  stats: protectedProcedure.query(({ ctx }) => sellerStats(ctx.db, ctx.user.id)),

  forEdit: protectedProcedure.input(byId).query(({ ctx, input }) => listingForEdit(ctx, input.id)),

  /** Counts its mutation limits itself, beside its first reads (decision 092). */
  create: protectedProcedure.meta({ limitsCountedByHandler: 'signed-in' }).input(listingSubmitSchema).mutation(({ ctx, input }) => createListing(ctx, input)),

  /**
   * 'Organisasjonsnummer' looked up when the wizard's field is left (decision 139). Public, as guests
   * fill the wizard too; a mutation so the Origin check and the per-network limit guard it, and no
   * shared cache ever keeps an answer.
   */
  lookupCompany: publicProcedure.input(z.object({ orgnr: orgnrSchema })).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx, RATE_LIMITS.companyLookupPerNetwork);
    return lookupCompany(ctx, input.orgnr);
  }),

  update: protectedProcedure.input(listingSubmitSchema).mutation(({ ctx, input }) => updateListing(ctx, input)),

  delete: protectedProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteListing(ctx, input.id);
    return { ok: true as const };
  }),

  /** 'Marker som solgt', with the deal's final price when the seller gives it (kept private). */
  markSold: protectedProcedure.input(byId.extend({ soldPrice: soldPriceSchema.optional() })).mutation(async ({ ctx, input }) => {
    await markSold(ctx, input.id, input.soldPrice ?? null);
    return { ok: true as const };
  }),

  /** 'Marker som under bud' / 'Fjern under bud' (decision 044): own active listings only. */
  setUnderOffer: protectedProcedure
    .input(byId.extend({ underOffer: z.boolean() }))
    .mutation(({ ctx, input }) => setUnderOffer(ctx.db, ctx.user.id, input.id, input.underOffer)),

  /** 'Forny annonse' in /mine-annonser: an own active or expired listing, 90 days from now. */
  renew: protectedProcedure.input(byId).mutation(({ ctx, input }) => renewListing(ctx.db, { ownerId: ctx.user.id, id: input.id })),

  presignUpload: protectedProcedure
    .input(
      z.object({
        listingId: listingIdSchema,
        contentType: z.enum(Object.keys(imageTypes) as [ImageType, ...ImageType[]], { error: imageTexts.notImageText }),
        index: z.number().int().min(0).max(MAX_IMAGES * 4),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await enforceLimit(ctx, RATE_LIMITS.uploadsPerUser);
      return presignUpload(ctx, input);
    }),

  confirmUpload: protectedProcedure.input(z.object({ uploadId: z.uuid() })).mutation(({ ctx, input }) => confirmUpload(ctx, input.uploadId)),

  /** The wizard's '✕' on an upload not saved with the listing yet: deleted now, its place free at once. */
  removeUpload: protectedProcedure.input(z.object({ uploadId: z.uuid() })).mutation(async ({ ctx, input }) => {
    await removeUpload(ctx, input.uploadId);
    return { ok: true as const };
  }),

  /** A guest's optional e-mail for one reminder about an unfinished listing. */
  rememberDraft: publicProcedure
    .input(z.object({ email: emailSchema, title: textField({ max: 100, maxMessage: request.titleTooLong }).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await enforceLimit(ctx, RATE_LIMITS.draftReminderPerNetwork);
      await rememberDraft(ctx, input.email, input.title || null);
      return { ok: true as const };
    }),
});

export const profileRouter = router({
  get: protectedProcedure.query(({ ctx }) => readProfile(ctx)),
  update: protectedProcedure.input(profileUpdateSchema).mutation(({ ctx, input }) => updateProfile(ctx, input)),
  /** 'Last ned mine data': everything held about the user (privacy/export.ts). */
  exportData: protectedProcedure.query(({ ctx }) => exportUserData(ctx.db, ctx.user.id)),
  /** 'Slett konto' confirmed with the password (privacy/delete.ts, decision 088); signs this browser out. */
  deleteAccount: protectedProcedure.input(deleteWithPasswordSchema).mutation(async ({ ctx, input }) => {
    await deleteWithPassword(ctx, input.password);
    return { ok: true as const };
  }),
  /** A Google account without a password confirms 'Slett konto' by a mailed link instead. */
  requestDeletionLink: protectedProcedure.mutation(async ({ ctx }) => {
    await requestDeletionLink(ctx);
    return { ok: true as const };
  }),
});
