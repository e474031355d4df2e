/**
 * The offer's fixed value lists and bounds (decision 121), free of the database schema so the
 * browser can import them without drizzle-orm (decision 020).
 */
export const offerStatuses = ['standing', 'accepted', 'declined', 'withdrawn', 'expired', 'closed'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** What is bought: 'Aksjer' (the shares of the company) or 'Innmat' (the business's assets). */
export const dealTypes = ['shares', 'assets'] as const;
export type DealType = (typeof dealTypes)[number];

export const financingKinds = ['equity', 'loan', 'seller_credit', 'earn_out'] as const;
export type FinancingKind = (typeof financingKinds)[number];

export const offerConditions = ['due_diligence', 'financing', 'landlord_consent', 'staff_transfer'] as const;
export type OfferCondition = (typeof offerConditions)[number];

/** Who made a bid or a step in the thread; `system` is the scheduled job's expiry. */
export const offerParties = ['buyer', 'seller'] as const;
export type OfferParty = (typeof offerParties)[number];
export const offerEventKinds = ['offer', 'counter', 'accepted', 'declined', 'withdrawn', 'expired', 'closed'] as const;
export type OfferEventKind = (typeof offerEventKinds)[number];
export const offerActors = ['buyer', 'seller', 'system'] as const;

/**
 * Sane bounds for a price in whole kroner: below 10 000 kr is a typo or a joke, above 10 milliarder is
 * beyond any small or mid-sized business this marketplace serves (and beyond a careless extra zero).
 */
export const OFFER_PRICE_MIN = 10_000;
export const OFFER_PRICE_MAX = 10_000_000_000;
/** 'Akseptfrist': how many days a bid stands, at most 30. */
export const OFFER_DAYS_MIN = 1;
export const OFFER_DAYS_MAX = 30;
export const OFFER_DAYS_DEFAULT = 14;
/** A wanted takeover date at most this many years ahead. */
export const TAKEOVER_YEARS_MAX = 5;
export const OFFER_MESSAGE_MAX = 2000;
export const DECLINE_REASON_MAX = 1000;
