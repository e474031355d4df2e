import * as z from 'zod';
import { documentTitleSchema, documentUploadSchema } from '@bedriftstorget/core/data-room/schemas';
import { listingIdSchema } from '@bedriftstorget/core/listing/schemas';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { confirmDocument, listDocuments, presignDocument, removeDocument, renameDocument } from '../data-room/documents';
import { downloadDocument, downloadLog } from '../data-room/downloads';
import { protectedProcedure, router } from '../trpc';

const byListing = z.object({ listingId: listingIdSchema });
const byDocument = z.object({ documentId: z.uuid() });

/**
 * 'Dokumenter', the data room (decision 097). Every procedure is signed-in; who may do what is
 * decided per listing in data-room/access.ts (owner, staff, buyer with access), and everyone else
 * is answered as if the listing did not exist.
 */
export const dataRoomRouter = router({
  list: protectedProcedure.input(byListing).query(({ ctx, input }) => listDocuments(ctx, input.listingId)),

  presignUpload: protectedProcedure.input(byListing.extend(documentUploadSchema.shape)).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx, RATE_LIMITS.documentUploadsPerUser);
    return presignDocument(ctx, input);
  }),

  confirmUpload: protectedProcedure
    .input(byDocument.extend({ title: documentTitleSchema.optional() }))
    .mutation(({ ctx, input }) => confirmDocument(ctx, input)),

  rename: protectedProcedure.input(byDocument.extend({ title: documentTitleSchema })).mutation(({ ctx, input }) => renameDocument(ctx, input)),

  remove: protectedProcedure.input(byDocument).mutation(async ({ ctx, input }) => {
    await removeDocument(ctx, input.documentId);
    return { ok: true as const };
  }),

  /** Counted before the document is looked up, so guessing ids costs the same as downloading. */
  download: protectedProcedure.input(byDocument).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx, RATE_LIMITS.documentDownloadsPerUser);
    return downloadDocument(ctx, input.documentId);
  }),

  /** 'Hvem har åpnet dokumentene', for the owner and staff. */
  downloads: protectedProcedure.input(byListing).query(({ ctx, input }) => downloadLog(ctx, input.listingId)),
});
