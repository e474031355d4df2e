import { count } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingImages, listings, listingViews } from '@bedriftstorget/core/listing/listing.sql';
import { listingReviews } from '@bedriftstorget/core/settings/settings.sql';
import { profiles, userRoles } from '@bedriftstorget/core/profile/profile.sql';
import type { ImageStorage } from '@bedriftstorget/api/adapters/storage';
import { hashPassword } from '@bedriftstorget/api/auth/password';
import type { Database } from '@bedriftstorget/api/db/client';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { generatedListings, sampleListings, type SeedListing } from './data';
import { seededListings, seedReviews, seedViewEvents, viewCounters, wasPublished } from './history';
import { putSampleImage } from './images';
import { seedCompanies } from './companies';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { DEMO_BUYER, seedAccessRequests } from './access';
import { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { demoSellerVerification } from './vipps';
import { seedDemoOffer } from './offers';

/** Demo accounts of a local install only (README). Never seeded in the cloud. */
export const DEMO_SELLER = { email: 'selger@bedriftstorget.no', password: 'selger123', fullName: 'Kari Nordmann', phone: '+47 912 34 567', companyName: 'Nordmann Holding AS' };
export const DEMO_ADMIN = { email: 'admin@bedriftstorget.no', password: 'admin123', fullName: 'Ola Admin' };

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Fills an empty database: the demo seller and admin, the six samples and a spread of other listings. */
export async function seed(db: Database, storage: ImageStorage, scryptLogN: number, now = new Date()): Promise<{ listings: number; images: number }> {
  const sellerId = crypto.randomUUID();
  const adminId = crypto.randomUUID();
  const [sellerHash, adminHash, buyerHash] = await Promise.all([DEMO_SELLER, DEMO_ADMIN, DEMO_BUYER].map((demo) => hashPassword(demo.password, scryptLogN)));

  const all: SeedListing[] = [...sampleListings, ...generatedListings()];
  const rows = seededListings(all, now);
  const viewEvents = seedViewEvents(rows, now);
  const companies = seedCompanies(rows, now);
  const counters = viewCounters(rows, viewEvents, now);
  const images: (typeof listingImages.$inferInsert)[] = [];
  for (const [n, { id, listing }] of rows.entries()) {
    for (let index = 0; index < listing.images; index += 1) {
      // Final keys as an upload gets them (decision 013); the variant differs per listing and picture.
      const image = await putSampleImage(storage, id, listing.industry, n + index);
      images.push({ listingId: id, ...image, displayOrder: index });
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(users).values([
      { id: sellerId, email: DEMO_SELLER.email, emailVerified: true, passwordHash: sellerHash },
      { id: adminId, email: DEMO_ADMIN.email, emailVerified: true, passwordHash: adminHash },
    ]);
    await tx.insert(profiles).values([
      { id: sellerId, fullName: DEMO_SELLER.fullName, phone: DEMO_SELLER.phone, companyName: DEMO_SELLER.companyName, userType: 'broker', plan: 'partner', maxListings: 100 },
      { id: adminId, fullName: DEMO_ADMIN.fullName },
    ]);
    await tx.insert(userRoles).values({ userId: adminId, role: 'admin' });
    await tx.insert(vippsIdentities).values(demoSellerVerification(sellerId, now));
    await tx.insert(listings).values(
      rows.map(({ id, listing, createdAt, decidedAt }) => {
        return {
          id,
          ownerId: sellerId,
          title: listing.title,
          industry: listing.industry,
          location: listing.location,
          description: listing.description,
          price: listing.price,
          revenue: listing.revenue,
          profit: listing.profit,
          employees: listing.employees,
          established: listing.established,
          status: listing.status,
          companyForm: listing.companyForm ?? null,
          equityPercent: listing.equityPercent ?? null,
          premisesSize: listing.premisesSize ?? null,
          ownPremises: listing.ownPremises ?? null,
          includedInSale: listing.includedInSale ?? [],
          ownerComment: listing.ownerComment ?? null,
          featured: listing.featured ?? false,
          views: counters.get(id)!.views,
          viewsArchived: counters.get(id)!.archived,
          // Inquiries come only to a listing that has been public.
          leadsCount: wasPublished(listing) ? listing.leadsCount : 0,
          createdAt,
          submittedAt: createdAt,
          // Archived ones were public before they were taken down: they keep when they were published.
          publishedAt: wasPublished(listing) ? decidedAt : null,
          ...companies.byListing.get(id),
          // The demo seller is verified with Vipps, so every listing carries the mark.
          sellerVerified: true,
        };
      }),
    );
    await tx.insert(listingImages).values(images);
    await tx.insert(companyRegistry).values(companies.registry);
    await syncListingTerms(tx, rows.map((row) => row.id));
    // Some history, so the statistics pages show real curves on a fresh install.
    await tx.insert(listingViews).values(viewEvents);
    await tx.insert(listingReviews).values(seedReviews(rows, adminId));
    const asked = rows.map(({ id, listing }) => ({ id, confidential: companies.byListing.get(id)?.confidential ?? false, active: listing.status === 'active' }));
    const buyerId = await seedAccessRequests(tx, asked, buyerHash!, now);
    const offered = rows.find(({ id, listing }) => listing.status === 'active' && !(companies.byListing.get(id)?.confidential ?? false));
    await seedDemoOffer(tx, offered && { id: offered.id, title: offered.listing.title, price: offered.listing.price ?? null }, sellerId, buyerId, now);
  });
  return { listings: rows.length, images: images.length };
}
