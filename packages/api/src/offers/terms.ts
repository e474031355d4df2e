import type { OfferTerms } from '@bedriftstorget/core/offer/schemas';

const DAY_MS = 86_400_000;

/** The stored terms of a bid: its 'Akseptfrist' is the given number of days from now. */
export function storedTerms(terms: OfferTerms, now: Date) {
  return {
    price: terms.price,
    dealType: terms.dealType,
    financing: terms.financing,
    conditions: terms.conditions,
    takeoverDate: terms.takeoverDate,
    expiresAt: new Date(now.getTime() + terms.days * DAY_MS),
    message: terms.message,
  };
}
export type StoredTerms = ReturnType<typeof storedTerms>;
