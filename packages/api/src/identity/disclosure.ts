import { eq, sql } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles, userRoles } from '@bedriftstorget/core/profile/profile.sql';
import type { Database } from '../db/client';
import { grantedRequest } from '../access/has-access';
import { sellerDisplay, type SellerDisplay, type ViewerRelation } from './seller-display';

/**
 * What the seller lets a buyer know with access (decision 099): the company — name, organisasjonsnummer,
 * the registry's form, kommune and address — the town typed in 'Sted', and the seller's name and
 * contact. Sent only in caller-specific answers (`listing.viewer`, `listing.sellerContact`, never
 * cached: decision 080); withdrawing the access takes it away at the next read.
 */
export interface Disclosure {
  company: { orgnr: string; name: string | null; form: string | null; kommune: string | null; address: string | null } | null;
  location: string;
  seller: { name: string | null; firm: string | null; email: string | null; phone: string | null };
}

/**
 * One statement for everything a caller's view of a listing's seller needs: who may read the listing,
 * the caller's relation to it (staff from the roles, a grant from the requests), the seller's account
 * and the company's snapshot. Null for a listing that does not exist.
 */
export async function readSellerView(db: Database, listingId: string, userId: string | null) {
  const me = userId ?? '';
  const [row] = await db
    .select({
      ownerId: listings.ownerId,
      isPublic: listings.isPublic,
      confidential: listings.confidential,
      location: listings.location,
      orgnr: listings.orgnr,
      staff: sql<number>`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${me} AND ${userRoles.role} = 'admin')`.mapWith(Number),
      granted: grantedRequest(listings.id, me).mapWith(Number),
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      phone: profiles.phone,
      email: users.email,
      deletedAt: users.deletedAt,
      vippsVerified: listings.sellerVerified,
      registry: { name: companyRegistry.name, form: companyRegistry.formText, kommune: companyRegistry.kommune, address: companyRegistry.address },
    })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.ownerId))
    .leftJoin(profiles, eq(profiles.id, listings.ownerId))
    .leftJoin(companyRegistry, eq(companyRegistry.orgnr, listings.orgnr))
    .where(eq(listings.id, listingId));
  if (!row) return null;
  const relation: ViewerRelation = !userId ? 'other' : row.ownerId === userId ? 'owner' : row.staff === 1 ? 'staff' : row.granted === 1 ? 'granted' : 'other';
  const display: SellerDisplay = sellerDisplay({ confidential: row.confidential }, relation, row);
  return { ...row, relation, display };
}

type SellerView = NonNullable<Awaited<ReturnType<typeof readSellerView>>>;

/** The contact card's name : the person, else the firm, never from the e-mail (listing-page.test.ts). */
export function contactName(view: SellerView): string | null {
  if (view.deletedAt) return view.display.name;
  return view.fullName?.trim() || view.companyName?.trim() || null;
}

/** The disclosure for a caller who knows the seller (owner, staff, a buyer let in); null for everyone else. */
export function disclosureOf(view: SellerView): Disclosure | null {
  if (view.relation === 'other' || view.display.anonymous) return null;
  const registry = view.registry ?? { name: null, form: null, kommune: null, address: null };
  return {
    company: view.orgnr ? { orgnr: view.orgnr, ...registry } : null,
    location: view.location,
    seller: {
      name: contactName(view),
      firm: view.deletedAt ? null : (view.companyName?.trim() || null),
      email: view.deletedAt ? null : view.email,
      phone: view.deletedAt ? null : (view.phone ?? null),
    },
  };
}
