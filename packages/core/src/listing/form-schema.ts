import * as z from 'zod';
import { orgnrSchema } from '../company/orgnr';
import { textField } from '../text/clean';
import { listing as t } from '../texts/listing-validation';
import { companyForms, includedInSaleOptions, industries, ownerDependencies } from './enums';

export const MAX_IMAGES = 5;
export const MIN_DESCRIPTION = 50;

/**
 * The largest amount a money column (DECIMAL(15,2): 13 digits before the comma) holds, in whole
 * kroner. 1e13 itself, or 9 999 999 999 999.996 rounded to øre, does not fit: that was a 500.
 */
export const MAX_MONEY = 9_999_999_999_999;
const money = z.number().finite().min(-MAX_MONEY).max(MAX_MONEY).nullable();
const nonNegativeMoney = z.number().finite().min(0).max(MAX_MONEY).nullable();

/**
 * A listing as the seller submits it (docs/product.md, 'Listing wizard'), the one schema for the wizard and the server.
 * Empty numbers are null; employees and established are integers.
 */
export const listingFieldsSchema = z.object({
  title: textField({ min: 5, max: 100, minMessage: t.titleMin, maxMessage: t.titleMax }),
  industry: z.enum(industries, { error: t.industry }),
  location: textField({ min: 2, max: 100, minMessage: t.location, maxMessage: t.locationMax }),
  description: textField({ min: MIN_DESCRIPTION, max: 2000, minMessage: t.descriptionMin, maxMessage: t.descriptionMax, multiline: true }),
  price: nonNegativeMoney,
  revenue: nonNegativeMoney,
  profit: money,
  ownerSalary: nonNegativeMoney,
  debt: nonNegativeMoney,
  equityPercent: z.number().min(0, t.percent).max(100, t.percent).nullable(),
  growthPercent: z.number().min(-100, t.growth).max(10_000, t.growth).nullable(),
  employees: z.number().int(t.integer).min(0).max(100_000).nullable(),
  established: z.number().int(t.integer).min(1800, t.established).max(new Date().getFullYear(), t.established).nullable(),
  premisesSize: z.number().min(0).max(10_000_000).nullable(),
  ownPremises: z.boolean().nullable(),
  companyForm: z.enum(companyForms).nullable(),
  activeCustomers: z.boolean().nullable(),
  recurringRevenue: z.boolean().nullable(),
  ownerDependency: z.enum(ownerDependencies).nullable(),
  contractObligations: textField({ max: 2000, maxMessage: t.textMax, multiline: true }).nullable(),
  includedInSale: z.array(z.enum(includedInSaleOptions)).max(includedInSaleOptions.length).transform((items) => [...new Set(items)]),
  ownerComment: textField({ max: 1000, maxMessage: t.commentMax, multiline: true }).nullable(),
  /** Optional (decision 094): listings from before have none; with one, the server looks it up in Enhetsregisteret. */
  orgnr: orgnrSchema.nullable().default(null),
  /** 'Konfidensielt salg' (decision 095). */
  confidential: z.boolean().default(false),
  /** 'Bare verifiserte kjøpere kan be om tilgang' (decision 130): counts on a confidential sale only; the server stores false on any other. */
  verifiedBuyersOnly: z.boolean().default(false),
});
export type ListingFields = z.infer<typeof listingFieldsSchema>;

/**
 * The fields as stored: the seller's requirement of verified buyers holds on a confidential sale only
 * (decision 130), so a listing that names its company never keeps it switched on unseen.
 */
export function storedFields<T extends Pick<ListingFields, 'confidential' | 'verifiedBuyersOnly'>>(fields: T): T {
  return { ...fields, verifiedBuyersOnly: fields.confidential && fields.verifiedBuyersOnly };
}

/** Images in display order: an upload made for this listing, or an image it already has. */
export const listingImageRefSchema = z.union([z.object({ uploadId: z.uuid() }), z.object({ imageId: z.uuid() })]);

export const listingSubmitSchema = z.object({
  /** Chosen by the wizard when it starts: retries and double clicks submit the same listing. */
  id: z.uuid(),
  fields: listingFieldsSchema,
  images: z.array(listingImageRefSchema).min(1, t.imageRequired).max(MAX_IMAGES, t.tooManyImages),
});
export type ListingSubmit = z.infer<typeof listingSubmitSchema>;

/** Text typed into a number field: '1 250 000', '12,5' or '' (null). NaN when it is not a number. */
export function parseNumberInput(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/kr$/i, '').replace(',', '.').replace('−', '-');
  if (cleaned === '') return null;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
