import { z } from 'zod';
import { listing as t } from '../texts/listing-validation';
import { companyForms, includedInSaleOptions, industries, ownerDependencies } from './listing.sql';

export const MAX_IMAGES = 5;
export const MIN_DESCRIPTION = 50;

const money = z.number().finite().min(-1e13).max(1e13).nullable();
const nonNegativeMoney = z.number().finite().min(0).max(1e13).nullable();

/**
 * A listing as the seller submits it (SPEC §5), the one schema for the wizard and the server.
 * Empty numbers are null; employees and established are integers.
 */
export const listingFieldsSchema = z.object({
  title: z.string().trim().min(5, t.titleMin).max(100, t.titleMax),
  industry: z.enum(industries, { error: t.industry }),
  location: z.string().trim().min(2, t.location).max(100, t.locationMax),
  description: z.string().trim().min(MIN_DESCRIPTION, t.descriptionMin).max(2000, t.descriptionMax),
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
  contractObligations: z.string().trim().max(2000, t.textMax).nullable(),
  includedInSale: z.array(z.enum(includedInSaleOptions)).max(includedInSaleOptions.length).transform((items) => [...new Set(items)]),
  ownerComment: z.string().trim().max(1000, t.commentMax).nullable(),
});
export type ListingFields = z.infer<typeof listingFieldsSchema>;

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
