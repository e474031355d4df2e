import { contactSellerSchema, conversationSchema, inquirySchema, replySchema } from '@bedriftstorget/core/message/schemas';
import { listConversations, markRead, readThread, unreadCount } from '../message/conversations';
import { sendInquiry } from '../message/inquiry';
import { receivedInquiries } from '../message/received-inquiries';
import * as z from 'zod';
import { publishChanged } from '../message/notify';
import { contactSeller, reply } from '../message/send';
import { protectedProcedure, router } from '../trpc';

const COUNTED_BY_HANDLER = { limitsCountedByHandler: 'signed-in' } as const;

const pageInput = z.object({ cursor: z.string().max(500).optional() });

/** Messages between buyers and sellers, and inquiries (leads). Every procedure is signed-in only. */
export const messageRouter = router({
  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  /** One page of conversations; `cursor` from the previous page's nextCursor ('Vis eldre samtaler'). */
  conversations: protectedProcedure.input(pageInput.default({})).query(({ ctx, input }) => listConversations(ctx.db, ctx.user.id, input.cursor)),

  /** One page of a conversation's messages; `cursor` from the previous page's olderCursor ('Vis eldre meldinger'). */
  thread: protectedProcedure
    .input(conversationSchema.extend(pageInput.shape))
    .query(({ ctx, input }) => readThread(ctx.db, ctx.user.id, { listingId: input.listingId, counterpartId: input.counterpartId }, input.cursor)),

  markRead: protectedProcedure.input(conversationSchema).mutation(async ({ ctx, input }) => {
    const marked = await markRead(ctx.db, ctx.user.id, input);
    // The reader's other tabs lower their badge; the sender's open conversation can show 'Lest'.
    if (marked > 0) await publishChanged(ctx, ctx.user.id, input.counterpartId);
    return { marked };
  }),

  /** Both count their mutation limits with the message limit, in one statement (decision 092). */
  contactSeller: protectedProcedure.meta(COUNTED_BY_HANDLER).input(contactSellerSchema).mutation(({ ctx, input }) => contactSeller(ctx, input)),

  reply: protectedProcedure.meta(COUNTED_BY_HANDLER).input(replySchema).mutation(({ ctx, input }) => reply(ctx, input)),

  sendInquiry: protectedProcedure.input(inquirySchema).mutation(({ ctx, input }) => sendInquiry(ctx, input)),

  inquiries: protectedProcedure.input(pageInput).query(({ ctx, input }) => receivedInquiries(ctx.db, ctx.user.id, input.cursor)),
});
