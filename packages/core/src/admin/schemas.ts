/** Inputs of the admin procedures; the edit dialogs validate with the same schemas. */
import * as z from 'zod';
import { listingFieldsSchema } from '../listing/form-schema';
import { industries } from '../listing/enums';
import { listingIdSchema } from '../listing/schemas';
import { plans, userTypes } from '../profile/enums';
import { adminListings, adminUsers as u, overview as overviewTexts, rejectDialog as r } from '../texts/admin';
import { company as c } from '../texts/company';
import { MAX_BULK_IDS } from './rules';

const REVIEW_NOTE_MAX = 500;

/** What the admin edit dialog and the filters may set (docs/product.md, 'Admin details'). */
export const adminListingStatuses = ['pending', 'active', 'sold', 'archived'] as const;
export type AdminListingStatus = (typeof adminListingStatuses)[number];

/** The listings filter also finds rejected and expired listings, which the edit dialog cannot set. */
export const adminListingFilterStatuses = [...adminListingStatuses, 'rejected', 'expired'] as const;

export const bulkActions = ['active', 'sold', 'feature', 'archive', 'delete'] as const;
export type BulkAction = (typeof bulkActions)[number];

const searchText = z
  .string()
  .max(200)
  .optional()
  .transform((q) => q?.trim() || undefined);

const cursor = z.string().max(500).optional();

export const adminListingFilterSchema = z.object({
  q: searchText,
  status: z.enum(['all', ...adminListingFilterStatuses]).default('all'),
  industry: z.enum(['all', ...industries]).default('all'),
});
export type AdminListingFilter = z.input<typeof adminListingFilterSchema>;

export const adminListingPageSchema = adminListingFilterSchema.extend({ cursor });

/**
 * The 'Rediger annonse' dialog: the wizard's own field rules (one schema for the wizard and the
 * server) for the fields it shows, plus status and featured.
 */
export const adminListingFieldsSchema = listingFieldsSchema
  .pick({ title: true, industry: true, location: true, price: true, revenue: true, profit: true, employees: true, established: true, description: true })
  .extend({ status: z.enum(adminListingStatuses), featured: z.boolean() });
export type AdminListingFields = z.output<typeof adminListingFieldsSchema>;

/** A partial payload: the dialog sends every field, a quick action only the status. */
export const adminListingUpdateSchema = z.object({
  id: listingIdSchema,
  patch: adminListingFieldsSchema.partial().refine((patch) => Object.keys(patch).length > 0, { message: adminListings.noChanges }),
});

const ids = z.array(listingIdSchema).min(1, adminListings.noneSelected).max(MAX_BULK_IDS);

/**
 * The content version staff saw of each listing, in the order of `ids` (decision 106): a decision
 * names what it decides, so a save after the queue was opened makes it a conflict.
 */
const versions = z.array(z.number().int().min(1).max(4_294_967_295)).max(MAX_BULK_IDS);
const sameLength = (input: { ids: string[]; versions: number[] }) => input.ids.length === input.versions.length;

/** The note is optional, and required when a company is flagged in Enhetsregisteret (decision 094; checked on the server). */
export const reviewInputSchema = z
  .object({ ids, versions, note: z.string().trim().max(REVIEW_NOTE_MAX, c.approveNoteMax).optional().transform((note) => note || undefined) })
  .refine(sameLength, { message: overviewTexts.versionsMissing, path: ['versions'] });

/** Why a listing was not approved: one of a short list, and free text (required for 'other'). */
export const rejectReasons = ['incomplete', 'misleading', 'terms', 'duplicate', 'other'] as const;
export type RejectReason = (typeof rejectReasons)[number];
export const REJECT_NOTE_MAX = 500;
export const rejectInputSchema = z
  .object({
    ids,
    versions,
    reason: z.enum(rejectReasons, { error: r.reasonRequired }),
    note: z.string().trim().max(REJECT_NOTE_MAX, r.noteMax).optional().transform((note) => note || undefined),
  })
  .refine((input) => input.reason !== 'other' || Boolean(input.note), { message: r.noteRequired, path: ['note'] })
  .refine(sameLength, { message: overviewTexts.versionsMissing, path: ['versions'] });
export type RejectInput = z.input<typeof rejectInputSchema>;
export const bulkInputSchema = z.object({ ids, action: z.enum(bulkActions) });
export const byListingIdSchema = z.object({ id: listingIdSchema });

/** `verified`: only the accounts 'Verifisert med Vipps' now (decision 120). */
export const adminUserPageSchema = z.object({ q: searchText, cursor, verified: z.boolean().optional(), requests: z.boolean().optional() });

/** Empty text becomes null, so a cleared field clears the column. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => value || null);

export const adminUserFieldsSchema = z.object({
  fullName: optionalText(100, u.nameMax),
  companyName: optionalText(100, u.companyMax),
  phone: optionalText(32, u.phoneMax),
  userType: z.enum(userTypes),
  plan: z.enum(plans),
  maxListings: z.number({ error: u.maxListingsInvalid }).int(u.maxListingsInvalid).min(0, u.maxListingsInvalid).max(10_000, u.maxListingsInvalid),
});
export type AdminUserFields = z.output<typeof adminUserFieldsSchema>;

export const adminUserUpdateSchema = adminUserFieldsSchema.extend({ id: z.uuid({ error: u.notFound }) });
