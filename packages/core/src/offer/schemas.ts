import * as z from 'zod';
import { listingIdSchema } from '../listing/schemas';
import { textField } from '../text/clean';
import { offerTexts as texts, soldPriceTexts } from '../texts/offers';
import {
  DECLINE_REASON_MAX, OFFER_DAYS_MAX, OFFER_DAYS_MIN, OFFER_MESSAGE_MAX, OFFER_PRICE_MAX, OFFER_PRICE_MIN, TAKEOVER_YEARS_MAX,
  dealTypes, financingKinds, offerConditions,
} from './enums';

/** Today's date in Norway as 'YYYY-MM-DD' (the takeover date is a calendar day there). */
export function osloToday(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(now);
}

function isTakeoverDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) return false;
  const today = osloToday();
  const latest = `${Number(today.slice(0, 4)) + TAKEOVER_YEARS_MAX}${today.slice(4)}`;
  return value >= today && value <= latest;
}

/**
 * The terms of a bid or a counter-bid, the same fields for both. The browser validates
 * with this schema as the server does, so the messages are the same inline and from the server.
 */
export const offerTermsSchema = z.object({
  price: z.number({ error: texts.priceRequired }).int({ error: texts.priceRequired }).min(OFFER_PRICE_MIN, texts.priceTooLow).max(OFFER_PRICE_MAX, texts.priceTooHigh),
  dealType: z.enum(dealTypes, { error: texts.dealTypeRequired }),
  financing: z
    .array(z.enum(financingKinds, { error: texts.financingRequired }), { error: texts.financingRequired })
    .min(1, texts.financingRequired)
    .max(financingKinds.length, texts.financingRequired)
    .transform((kinds) => financingKinds.filter((kind) => kinds.includes(kind))),
  conditions: z
    .array(z.enum(offerConditions))
    .max(offerConditions.length)
    .transform((kinds) => offerConditions.filter((kind) => kinds.includes(kind))),
  takeoverDate: z
    .string({ error: texts.takeoverInvalid })
    .max(10, texts.takeoverInvalid)
    .refine((value) => value === '' || isTakeoverDate(value), texts.takeoverInvalid)
    .optional()
    .transform((value) => value || null),
  days: z.number({ error: texts.daysInvalid }).int({ error: texts.daysInvalid }).min(OFFER_DAYS_MIN, texts.daysInvalid).max(OFFER_DAYS_MAX, texts.daysInvalid),
  message: textField({ max: OFFER_MESSAGE_MAX, maxMessage: texts.messageTooLong, multiline: true })
    .optional()
    .transform((text) => text || null),
});
export type OfferTermsInput = z.input<typeof offerTermsSchema>;
export type OfferTerms = z.output<typeof offerTermsSchema>;

export const makeOfferSchema = offerTermsSchema.extend({ listingId: listingIdSchema });
export type MakeOfferInput = z.output<typeof makeOfferSchema>;

export const offerIdSchema = z.object({ offerId: z.uuid({ error: texts.notFound }) });
export const counterOfferSchema = offerTermsSchema.extend({ offerId: z.uuid({ error: texts.notFound }) });
export const declineOfferSchema = offerIdSchema.extend({
  reason: textField({ max: DECLINE_REASON_MAX, maxMessage: texts.reasonTooLong, multiline: true })
    .optional()
    .transform((text) => text || null),
});
export const offerListingSchema = z.object({ listingId: listingIdSchema });

/** 'Marker som solgt' with the deal's final price, optional and private. */
export const soldPriceSchema = z.number({ error: soldPriceTexts.invalid }).int({ error: soldPriceTexts.invalid }).min(OFFER_PRICE_MIN, soldPriceTexts.invalid).max(OFFER_PRICE_MAX, soldPriceTexts.invalid);
