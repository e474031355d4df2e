import { TRPCError } from '@trpc/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { storedFields, type ListingSubmit } from '@bedriftstorget/core/listing/form-schema';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { wizard as texts } from '@bedriftstorget/core/texts/seller';
import { qualified } from '../db/insert-select';
import { transactionAfter } from '../db/transaction-after';
import { imagesFrom, markNewUploads, readUploads, replaceImages, type SignedIn } from './listing-images';
import { addNewListingTerms } from '../listing/search';
import { ADMIN_CHANNEL } from '../realtime/channels';
import { insertIfRoom, refuseUnlessRoom, whyNotInserted } from './quota';
import { counter, countAll, refuseIfOver, withinLimits } from '../auth/rate-limit-batch';
import { DEFAULT_MUTATION_LIMITS } from '../auth/mutation-limits';
import { verifyCompany } from '../company/registry';
import { deleteObjects } from './listings';
import { insertReceiptOnceCommitted, sendHeldReceipt } from './review-receipt';
import { suppressedAmong } from '../mail/suppression';
import { readSettings } from '../settings/settings';

type NewRow = Parameters<typeof insertIfRoom>[1] & Parameters<typeof addNewListingTerms>[1];

/** What the transaction found; everything but a created listing is answered after it. */
type Outcome =
  | { kind: 'created'; rawKeys: string[] }
  | { kind: 'taken'; ownerId: string }
  | { kind: 'refused'; error: unknown }
  | { kind: 'imageGone'; error: unknown }
  | { kind: 'notInserted' };

/**
 * What follows a new listing, sent beside its COMMIT (decision 098): the search terms and their
 * counts, the draft reminders' cancelling and the seller's receipt (decision 146). Each waits for the commit on the listing's row (a
 * foreign key or a read of it) and writes nothing if the listing was rolled back.
 */
function besideCommit(ctx: SignedIn, row: NewRow, receipt: { promiseHours: number; suppressed: boolean }): Promise<{ error: Error | null; receipt: Held }> {
  const committed = sql`EXISTS (SELECT 1 FROM ${listings} WHERE ${qualified(listings.id)} = ${row.id})`;
  const reminders = and(eq(draftReminders.email, ctx.user.email), isNull(draftReminders.sentAt), isNull(draftReminders.cancelledAt), committed);
  const work = Promise.all([
    insertReceiptOnceCommitted(ctx, row.id, row.title, receipt.promiseHours, row.submittedAt ?? new Date(), receipt.suppressed),
    addNewListingTerms(ctx.db, row),
    ctx.db.update(draftReminders).set({ cancelledAt: new Date() }).where(reminders),
  ]);
  // Settled, never rejected: a failed COMMIT makes the terms' insert fail too, and that is no news.
  return work.then(([held]) => ({ error: null, receipt: held }), (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)), receipt: null }));
}

type Held = Awaited<ReturnType<typeof insertReceiptOnceCommitted>>;

/**
 * Creates the listing (pending) with its images in one transaction, within the owner's quota; the
 * client's id makes a retried or double submit return the same listing. Round trips in turn
 * (decision 098): the session; the call's limits counted beside the uploads, whether the id is
 * taken, Enhetsregisteret and the BEGIN; the listing inserted if it fits (the lock, the quota, the
 * limits and the id in one statement); its uploads marked; its images; the COMMIT beside the search
 * terms, the draft reminders and the receipt (decision 146); the receipt's result once SES answered.
 */
export async function createListing(ctx: SignedIn, input: ListingSubmit): Promise<{ id: string; created: boolean }> {
  const now = Date.now();
  const limits = [counter(ctx, DEFAULT_MUTATION_LIMITS.perUser, now), counter(ctx, DEFAULT_MUTATION_LIMITS.perNetwork, now)];
  const row: NewRow = { id: input.id, ownerId: ctx.user.id, status: 'pending', submittedAt: new Date(now), ...storedFields(input.fields) };
  const reads = Promise.all([
    countAll(ctx.db, limits),
    readUploads(ctx.db, ctx, input.id, input.images),
    ctx.db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, input.id)),
    // Enhetsregisteret is asked beside the reads, before any statement of the transaction (decision 094).
    input.fields.orgnr ? verifyCompany(ctx, input.fields.orgnr).then(() => null, (error: unknown) => error) : null,
    // The receipt's hours (decision 146) and whether its address takes mail, read beside the rest.
    readSettings(ctx.db),
    suppressedAmong(ctx.db, [ctx.user.email]),
  ]);
  const beside: { settled?: ReturnType<typeof besideCommit> } = {};
  let outcome: Outcome;
  try {
    outcome = await transactionAfter(ctx.db, reads, async (tx, [, found, [existing], companyRefusal, settings, suppressed]): Promise<Outcome> => {
      if (existing) return { kind: 'taken', ownerId: existing.ownerId };
      if (companyRefusal) return { kind: 'refused', error: companyRefusal };
      let resolved: ReturnType<typeof imagesFrom>;
      try {
        resolved = imagesFrom(ctx, input.images, [], found);
      } catch (error) {
        return { kind: 'imageGone', error };
      }
      if (!(await insertIfRoom(tx, row, withinLimits(limits)))) return { kind: 'notInserted' };
      await markNewUploads(tx, resolved.fresh);
      await replaceImages(tx, input.id, resolved.images, true);
      beside.settled = besideCommit(ctx, row, { promiseHours: settings.reviewPromiseHours, suppressed: suppressed.size > 0 });
      return { kind: 'created', rawKeys: resolved.fresh.map((u) => u.storageKey) };
    });
  } catch (error) {
    await beside.settled;
    throw error;
  }
  if (outcome.kind === 'created') {
    const settled = await beside.settled;
    if (settled?.error) throw settled.error;
    await Promise.all([deleteObjects(ctx, outcome.rawKeys), sendHeldReceipt(ctx, settled?.receipt ?? null), ctx.realtime.publish(ADMIN_CHANNEL, { type: 'listings.submitted', data: { id: input.id } })]);
    return { id: input.id, created: true };
  }
  return answerUncreated(ctx, input.id, outcome, limits, now);
}

/** Refusals and a repeated submit read the counts first: the limits come first, as the builders' did. */
async function answerUncreated(ctx: SignedIn, id: string, outcome: Exclude<Outcome, { kind: 'created' }>, limits: Parameters<typeof countAll>[1], now: number) {
  const refused = async (error: unknown): Promise<never> => {
    await refuseIfOver(ctx.db, limits, now);
    throw error;
  };
  const conflict = () => new TRPCError({ code: 'CONFLICT', message: texts.createFailed });
  const retried = async () => {
    await refuseIfOver(ctx.db, limits, now);
    return { id, created: false };
  };
  switch (outcome.kind) {
    case 'taken':
      return outcome.ownerId === ctx.user.id ? retried() : refused(conflict());
    case 'refused':
      return refused(outcome.error);
    case 'imageGone': {
      // The reads ran side by side: a twin submit (a retry, a second tab) may have committed between
      // them, its uploads now attached. Then this one is that retry, not a missing image.
      const [twin] = await ctx.db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, id));
      return twin?.ownerId === ctx.user.id ? retried() : refused(outcome.error);
    }
    case 'notInserted': {
      const why = await whyNotInserted(ctx.db, ctx.user.id, id, withinLimits(limits));
      if (!why.withinLimits) await refuseIfOver(ctx.db, limits, now);
      // A twin committed first (this one queued behind it): a retry.
      if (why.existingOwner) return why.existingOwner === ctx.user.id ? retried() : refused(conflict());
      refuseUnlessRoom(why.quota);
      throw conflict();
    }
  }
}
