import * as z from 'zod';
import { textField } from '../text/clean';
import { listingIdSchema } from '../listing/schemas';
import { MESSAGE_MAX_LENGTH, inquiryTexts, messageTexts as t } from '../texts/messages';

export const CONTACT_MIN_LENGTH = 10;

/** The first message to a seller, from the detail page (docs/product.md, 'Messages'): trimmed 10–1000. */
export const contactTextSchema = textField({ min: CONTACT_MIN_LENGTH, max: MESSAGE_MAX_LENGTH, minMessage: t.tooShort, maxMessage: t.tooLong, multiline: true });

/** A message in a conversation (docs/product.md, 'Messages'): trimmed 1–1000. */
export const replyTextSchema = textField({ min: 1, max: MESSAGE_MAX_LENGTH, minMessage: t.empty, maxMessage: t.tooLong, multiline: true });

/**
 * Chosen by the browser (crypto.randomUUID) for each message; a retry, a second tab or the
 * resend after login carries the same id, so the server stores the message once.
 */
export const clientMessageIdSchema = z.uuid({ error: t.invalid });

export const userIdSchema = z.uuid({ error: t.conversationNotFound });

export const contactSellerSchema = z.object({
  listingId: listingIdSchema,
  text: contactTextSchema,
  clientMessageId: clientMessageIdSchema,
});
export type ContactSellerInput = z.infer<typeof contactSellerSchema>;

/**
 * A conversation is a listing and the other person. The listing is null once it is deleted:
 * the conversation stays ('Ukjent listing').
 */
export const conversationSchema = z.object({
  listingId: listingIdSchema.nullable(),
  counterpartId: userIdSchema,
});
export type ConversationKey = z.infer<typeof conversationSchema>;

export const replySchema = conversationSchema.extend({
  text: replyTextSchema,
  clientMessageId: clientMessageIdSchema,
});

/** Name and e-mail come from the account on the server; only the message is typed. */
export const inquirySchema = z.object({
  listingId: listingIdSchema,
  message: textField({ min: 1, max: MESSAGE_MAX_LENGTH, minMessage: inquiryTexts.messageRequired, maxMessage: inquiryTexts.messageTooLong, multiline: true }),
  /** Asked for only when the profile has no name, so the seller never gets 'Ukjent'; the server saves it to the profile. */
  name: z.string().trim().max(100, inquiryTexts.nameTooLong).optional().transform((name) => name || undefined),
});
