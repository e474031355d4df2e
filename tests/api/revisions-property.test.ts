import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listings, listingStatuses, listingTerms, type ListingStatus } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { seen, signedInAdmin } from './admin-helpers';
import { createListing, listingFields } from './fixtures';
import { Browser, createHarness, db, signedInUser } from './harness';

/**
 * Decision 086 as a property: whatever a seller does to a listing in whatever status — edit it
 * (any number of times), mark it sold or under offer, renew it — with staff approving or
 * rejecting in between, the text the public reads is the text staff approved last, and an edit
 * never takes a public listing offline. Fixed seed,
 * 30 sequences of up to 8 steps.
 */
const WORDS = ['alfa', 'bravo', 'charlie', 'delta', 'ekko'] as const;

type Step =
  | { kind: 'edit'; word: (typeof WORDS)[number] }
  | { kind: 'markSold' }
  | { kind: 'underOffer'; on: boolean }
  | { kind: 'renew' }
  | { kind: 'approve' }
  | { kind: 'reject' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), word: fc.constantFrom(...WORDS) }) },
  fc.constant({ kind: 'markSold' as const }),
  fc.record({ kind: fc.constant('underOffer' as const), on: fc.boolean() }),
  fc.constant({ kind: 'renew' as const }),
  { weight: 2, arbitrary: fc.constant({ kind: 'approve' as const }) },
  fc.constant({ kind: 'reject' as const }),
);

/** Refusals a step may meet in some status (not active, nothing to review…): the step then changes nothing. */
const refused = (error: unknown) => error instanceof TRPCError && ['NOT_FOUND', 'BAD_REQUEST', 'CONFLICT', 'FORBIDDEN'].includes(error.code);

describe('the public text of a listing', () => {
  it('is always the text staff approved last, whatever the seller does in whatever status', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    await db.update(profiles).set({ maxListings: 1000 }).where(eq(profiles.id, owner.userId));
    const admin = await signedInAdmin(h);
    const visitor = new Browser(h);
    let run = 0;

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...listingStatuses), fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (status: ListingStatus, steps) => {
        run += 1;
        const title = `Godkjent bedrift nummer ${run}`;
        const id = await createListing(owner.userId, { ...listingFields, title, status });
        // A listing created in a status that has been public carries approved text; pending and rejected ones none yet.
        let approved: string | null = status === 'pending' || status === 'rejected' ? null : title;
        let lastEdit = title;
        let wasPublic = ['active', 'sold'].includes(status);
        for (const [index, step] of steps.entries()) {
          try {
            if (step.kind === 'edit') {
              const form = await owner.browser.call((c) => c.seller.forEdit({ id }));
              lastEdit = `Endret ${step.word} nummer ${run} steg ${index}`;
              await owner.browser.call((c) => c.seller.update({ id, fields: { ...listingFields, title: lastEdit }, images: form.images.map((image) => ({ imageId: image.id })) }));
            } else if (step.kind === 'markSold') {
              await owner.browser.call((c) => c.seller.markSold({ id }));
            } else if (step.kind === 'underOffer') {
              await owner.browser.call((c) => c.seller.setUnderOffer({ id, underOffer: step.on }));
            } else if (step.kind === 'renew') {
              await owner.browser.call((c) => c.seller.renew({ id }));
            } else if (step.kind === 'approve') {
              await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }));
              // What was waiting (a pending listing's text, or the revision) is what the owner last saved.
              approved = lastEdit;
            } else {
              await admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([id])), reason: 'incomplete' }));
            }
          } catch (error) {
            if (!refused(error)) throw error;
          }
          const [row] = await db.select({ title: listings.title, status: listings.status, isPublic: listings.isPublic }).from(listings).where(eq(listings.id, id));
          // An edit never takes a public listing offline ('Annonsen er synlig som før').
          if (step.kind === 'edit' && wasPublic) expect(row!.isPublic).toBe(true);
          wasPublic = Boolean(row!.isPublic);
          if (row!.isPublic) {
            expect(row!.title).toBe(approved);
            expect((await visitor.call((c) => c.listing.detail({ id }))).listing.title).toBe(approved);
            const terms = (await db.select({ term: listingTerms.term, isPublic: listingTerms.isPublic }).from(listingTerms).where(eq(listingTerms.listingId, id))).map((t) => t.term);
            expect(terms).toContain(String(run));
            if (approved !== title) expect(terms).toContain(approved!.split(' ')[1]);
          } else {
            await expect(visitor.call((c) => c.listing.detail({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
          }
          // Once approved, the row holds the approved text in every status, public or not.
          if (approved !== null && row!.status !== 'pending' && row!.status !== 'rejected') expect(row!.title).toBe(approved);
        }
      }),
      { seed: 86, numRuns: 30 },
    );
  }, 240_000);
});
