import * as z from 'zod';
import { listingIdSchema } from '../listing/schemas';
import { textField } from '../text/clean';
import { ACCESS_MESSAGE_MAX_LENGTH, accessRequest, nda } from '../texts/access';

/**
 * 'Be om tilgang' (decision 096): the ticked Taushetserklæring is required, and the version the
 * buyer read is sent along, so what is stored is what was shown (an older page open while the text
 * changed is refused and reloads the text).
 */
export const accessRequestSchema = z.object({
  listingId: listingIdSchema,
  acceptNda: z.literal(true, { error: accessRequest.acceptRequired }),
  ndaVersion: z.literal(nda.version, { error: accessRequest.acceptRequired }),
  message: textField({ max: ACCESS_MESSAGE_MAX_LENGTH, maxMessage: accessRequest.messageTooLong, multiline: true })
    .optional()
    .transform((text) => text || undefined),
});
export type AccessRequestInput = z.infer<typeof accessRequestSchema>;

export const accessListingSchema = z.object({ listingId: listingIdSchema });

/** The seller's answers name the request by its id; ownership is checked in the query. */
export const accessRequestIdSchema = z.object({ id: z.uuid({ error: accessRequest.notFound }) });

export const accessAdminPageSchema = z.object({ cursor: z.string().max(500).optional() });
