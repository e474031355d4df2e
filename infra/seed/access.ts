import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import type { Database } from '@bedriftstorget/api/db/client';

/** A demo buyer of a local install only (README), with requests the demo seller can answer. */
export const DEMO_BUYER = { email: 'kjoper@bedriftstorget.no', password: 'kjoper123', fullName: 'Per Kjøper' };

const MESSAGES = [
  'Hei! Jeg driver to lignende virksomheter og vil gjerne se regnskapet for de siste tre årene.',
  null,
  'Vi vurderer å kjøpe sammen med en partner. Kan vi få se avtalene med de største kundene?',
];

/**
 * 'Be om tilgang' on a fresh install (decision 096): the demo buyer has asked for access to each of
 * the demo seller's active confidential listings, with the Taushetserklæring accepted a day or two
 * ago, so /mine-annonser shows 'Gi tilgang' and 'Avslå' at once; the second request is granted (its
 * documents can be downloaded as the demo buyer). Kept apart from the listings' seed
 * so the data room's documents can be seeded beside it.
 */
/** Returns the demo buyer's id. */
export async function seedAccessRequests(db: Database, listings: { id: string; confidential: boolean; active: boolean }[], passwordHash: string, now: Date): Promise<string> {
  const buyerId = crypto.randomUUID();
  await db.insert(users).values({ id: buyerId, email: DEMO_BUYER.email, emailVerified: true, passwordHash });
  await db.insert(profiles).values({ id: buyerId, fullName: DEMO_BUYER.fullName });
  const asked = listings.filter((listing) => listing.confidential && listing.active).slice(0, MESSAGES.length);
  if (!asked.length) return buyerId;
  await db.insert(accessRequests).values(
    asked.map((listing, i) => {
      const at = new Date(now.getTime() - (i + 1) * 26 * 3_600_000);
      // The second is granted, so the demo buyer can open a data room at once; the others wait for the seller.
      const granted = i === 1;
      return {
        id: crypto.randomUUID(), listingId: listing.id, buyerId, message: MESSAGES[i] ?? null, ndaVersion: nda.version, ndaAcceptedAt: at, ndaAcceptedFrom: '127.0.0.1', createdAt: at,
        status: granted ? ('granted' as const) : ('pending' as const), answeredAt: granted ? new Date(at.getTime() + 3_600_000) : null,
      };
    }),
  );
  return buyerId;
}
