import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import { DELETED_CONFIDENTIAL, sellerDisplay, type SellerPerson } from './seller-display';

/**
 * The other person of a conversation, as the inbox, a thread and the mail about a message name them.
 * In a conversation about a listing the seller is its owner (only buyers start one), so the
 * counterpart is the seller exactly when they own the listing — and then `sellerDisplay` decides.
 */
export interface CounterpartFacts {
  counterpartId: string;
  person: SellerPerson | null;
  /** The conversation's listing, if it still exists. */
  listing: { ownerId: string; confidential: boolean } | null;
  /** The caller is a buyer the seller let in (decision 096). */
  granted: boolean;
  /** The listing was a confidential sale, since deleted, and this is its seller (`messages.anonymous_seller_id`). */
  anonymousSeller: boolean;
}

/** The counterpart's name: 'Konfidensiell selger' to a buyer not let in, 'Slettet bruker', the person, or null ('Ukjent bruker'). */
export function counterpartName(facts: CounterpartFacts): string | null {
  if (facts.listing && facts.listing.ownerId === facts.counterpartId) {
    return sellerDisplay(facts.listing, facts.granted ? 'granted' : 'other', facts.person).name;
  }
  if (facts.anonymousSeller) return sellerDisplay(DELETED_CONFIDENTIAL, 'other', facts.person).name;
  if (!facts.person) return null;
  if (facts.person.deletedAt) return accountDeletion.deletedUser;
  return personDisplayName(facts.person);
}

/** The seller's company for a buyer let in (decision 099): the registry's name, else the seller's firm; null for anyone else. */
export function counterpartCompany(facts: CounterpartFacts, registryName: string | null): string | null {
  const isSeller = facts.listing !== null && facts.listing.ownerId === facts.counterpartId;
  if (!isSeller || !facts.granted || facts.person?.deletedAt) return null;
  return registryName ?? (facts.person?.companyName?.trim() || null);
}
