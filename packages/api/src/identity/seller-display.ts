import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import { company as texts } from '@bedriftstorget/core/texts/company';
import type { Context } from '../context';
import { isGranted } from '../access/has-access';
import { isAdmin } from '../trpc';

/**
 * Who the seller of a listing is to one viewer (decision 099). Every place a buyer can meet a seller —
 * the listing page and its seller card, `listing.viewer` and `listing.sellerContact`, the inbox, a
 * conversation, the mail about a message, the alert mails — asks `sellerDisplay` and shows what it
 * returns; `tests/api/seller-identity.test.ts` lists every procedure and fails on one not classified.
 */

/** What the viewer is to the listing: the owner, staff, a buyer the seller let in, or anyone else (a visitor too). */
export type ViewerRelation = 'owner' | 'staff' | 'granted' | 'other';

/** The seller's account as the profile and users rows hold it (a left join: every field may be null). */
export interface SellerPerson {
  fullName: string | null;
  companyName: string | null;
  email: string | null;
  deletedAt: Date | null;
  /** 'Verifisert med Vipps' now (decision 120): the identity's `verified_at`, or the listing's `seller_verified`. */
  vippsVerified?: boolean | null;
}

export interface SellerDisplay {
  /** The seller is 'Konfidensiell selger' to this viewer: no name, firm, e-mail or phone anywhere, contact through messages only. */
  anonymous: boolean;
  /**
   * How messages, mails and notifications name the seller: 'Konfidensiell selger', 'Slettet bruker',
   * else the person (the profile's name, else the firm, else the e-mail's part before '@'); null when
   * nothing is known ('Ukjent bruker').
   */
  name: string | null;
  /** How the listing page's seller card names the seller: the firm first, the person next, never from the e-mail. */
  cardName: string | null;
  /**
   * 'Verifisert med Vipps' (decision 120). Shown to everyone, a confidential sale's buyers too: the
   * mark says a real, BankID-verified person sells, and never who — it carries no name.
   */
  verified: boolean;
}

/** Whether a confidential listing's seller may be known to this viewer: its owner, staff, and buyers let in. */
export function knowsSeller(relation: ViewerRelation): boolean {
  return relation !== 'other';
}

/** The one rule: a confidential sale's seller is 'Konfidensiell selger' to everyone but those who know the seller. */
export function sellerDisplay(listing: { confidential: boolean }, relation: ViewerRelation, seller: SellerPerson | null): SellerDisplay {
  const verified = sellerMark(seller);
  if (listing.confidential && !knowsSeller(relation)) return { anonymous: true, name: texts.confidentialSeller, cardName: texts.confidentialSeller, verified };
  if (!seller) return { anonymous: false, name: null, cardName: null, verified };
  if (seller.deletedAt) return { anonymous: false, name: accountDeletion.deletedUser, cardName: accountDeletion.deletedUser, verified };
  const firm = seller.companyName?.trim() || null;
  const person = seller.fullName?.trim() || null;
  return { anonymous: false, name: personDisplayName(seller), cardName: firm ?? person, verified };
}

/** The mark alone (listing cards carry no name at all): a deleted account has none. */
export function sellerMark(seller: Pick<SellerPerson, 'deletedAt' | 'vippsVerified'> | null): boolean {
  return !!seller && !seller.deletedAt && seller.vippsVerified === true;
}

/** A conversation's seller after its confidential listing was deleted (`messages.anonymous_seller_id`): hidden for good. */
export const DELETED_CONFIDENTIAL = { confidential: true } as const;

/**
 * The signed-in caller's relation to a listing, read beside each other: owner from the row, staff
 * from the roles, a buyer let in from the request (granted, account not deleted; decision 096).
 */
export async function viewerRelation(ctx: Pick<Context, 'db' | 'user'>, listing: { id: string; ownerId: string }): Promise<ViewerRelation> {
  if (!ctx.user) return 'other';
  if (ctx.user.id === listing.ownerId) return 'owner';
  const [staff, granted] = await Promise.all([isAdmin(ctx.db, ctx.user.id), isGranted(ctx.db, listing.id, ctx.user.id)]);
  if (staff) return 'staff';
  return granted ? 'granted' : 'other';
}
