import { contactSellerSchema, conversationSchema, inquirySchema, replySchema } from '@bedriftstorget/core/message/schemas';
import { listConversations, markRead, readThread, unreadCount } from '../message/conversations';
import { sendInquiry } from '../message/inquiry';
import { publishChanged } from '../message/notify';
import { contactSeller, reply } from '../message/send';
import { protectedProcedure, router } from '../trpc';

/** Messages between buyers and sellers, and inquiries (leads). Every procedure is signed-in only. */
export const messageRouter = router({
  unreadCount: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),

  conversations: protectedProcedure.query(({ ctx }) => listConversations(ctx.db, ctx.user.id)),

  thread: protectedProcedure.input(conversationSchema).query(({ ctx, input }) => readThread(ctx.db, ctx.user.id, input)),

  markRead: protectedProcedure.input(conversationSchema).mutation(async ({ ctx, input }) => {
    const marked = await markRead(ctx.db, ctx.user.id, input);
    // The reader's other tabs lower their badge; the sender's open conversation can show 'Lest'.
    if (marked > 0) await publishChanged(ctx, ctx.user.id, input.counterpartId);
    return { marked };
  }),

  contactSeller: protectedProcedure.input(contactSellerSchema).mutation(({ ctx, input }) => contactSeller(ctx, input)),

  reply: protectedProcedure.input(replySchema).mutation(({ ctx, input }) => reply(ctx, input)),

  sendInquiry: protectedProcedure.input(inquirySchema).mutation(({ ctx, input }) => sendInquiry(ctx, input)),
});
