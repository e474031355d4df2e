import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { leads } from '@bedriftstorget/core/message/message.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { inquiryTexts, messageMail } from '@bedriftstorget/core/texts/messages';
import { company } from '@bedriftstorget/core/texts/company';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { contactableListing } from './rules';
import { vippsMarkOf } from '../identity/vipps-mark';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { emailOf, inboxLink } from './notify';
import type { SignedInContext } from './send';

/**
 * 'Send forespørsel': a lead with the buyer's name and e-mail from the account (never from the
 * form), the listing's leads count and the seller's mail kept with it in one transaction.
 */
export async function sendInquiry(ctx: SignedInContext, input: { listingId: string; message: string; name?: string }): Promise<{ ok: true }> {
  const listing = await contactableListing(ctx, input.listingId);
  // A confidential seller is reached through messages only (decision 099): an inquiry's mail asks the
  // seller to answer by e-mail, which would name the seller before they chose to be known.
  if (listing.confidential) throw new TRPCError({ code: 'BAD_REQUEST', message: company.confidentialInquiry });
  const [profile] = await ctx.db.select({ fullName: profiles.fullName, verified: vippsMarkOf(profiles.id).mapWith(Number) }).from(profiles).where(eq(profiles.id, ctx.user.id));
  // The account's name wins; without one the form asks for it (never 'Ukjent' to the seller) and it is kept on the profile.
  const known = profile?.fullName?.trim();
  if (!known && !input.name) throw new TRPCError({ code: 'BAD_REQUEST', message: inquiryTexts.nameRequired });
  await enforceLimit(ctx, RATE_LIMITS.inquiriesPerUser);
  const buyerName = known || input.name || inquiryTexts.unknownBuyer;
  const buyerEmail = ctx.user.email;
  const mailId = await ctx.db.transaction(async (tx) => {
    if (!known) await tx.update(profiles).set({ fullName: buyerName }).where(eq(profiles.id, ctx.user.id));
    await tx.insert(leads).values({ listingId: listing.id, buyerId: ctx.user.id, buyerName, buyerEmail, message: input.message });
    await tx.update(listings).set({ leadsCount: sql`${listings.leadsCount} + 1`, updatedAt: sql`${listings.updatedAt}` }).where(eq(listings.id, listing.id));
    const to = await emailOf(tx, listing.ownerId);
    if (!to) return null;
    const link = inboxLink(ctx.config.appUrl);
    // Queued with the lead (decision 070): the lead stands and its mail follows, now or with the job.
    return enqueueMail(tx, {
      kind: 'lead',
      to,
      subject: messageMail.leadSubject(listing.title),
      // The seller sees the mark in the mail as in 'Forespørsler' (decision 120).
      text: messageMail.leadText(vippsTexts.named(buyerName, profile?.verified === 1), buyerEmail, listing.title, input.message, link),
      links: [link],
    });
  });
  await deliverNow(ctx, [mailId]);
  return { ok: true };
}
