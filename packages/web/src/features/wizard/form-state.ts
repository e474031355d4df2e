import { listingFieldsSchema, type ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { listing as v } from '@bedriftstorget/core/texts/listing-validation';
import { schemaInput } from './validation';

/** What the wizard's inputs hold: text as typed, choices as strings ('' = not chosen). */
export interface WizardForm {
  title: string;
  industry: string;
  location: string;
  description: string;
  price: string;
  revenue: string;
  profit: string;
  ownerSalary: string;
  debt: string;
  equityPercent: string;
  growthPercent: string;
  employees: string;
  established: string;
  companyForm: string;
  premisesSize: string;
  ownPremises: '' | 'yes' | 'no';
  activeCustomers: '' | 'yes' | 'no';
  recurringRevenue: '' | 'yes' | 'no';
  ownerDependency: string;
  contractObligations: string;
  includedInSale: string[];
  ownerComment: string;
  /** As typed ('923 609 016'); the shared schema normalises it (decision 094). */
  orgnr: string;
  confidential: boolean;
  /** 'Bare verifiserte kjøpere kan be om tilgang': asked only while 'Konfidensielt salg' is ticked (decision 130). */
  verifiedBuyersOnly: boolean;
}

export const emptyForm: WizardForm = {
  title: '', industry: '', location: '', description: '', price: '', revenue: '', profit: '', ownerSalary: '', debt: '',
  equityPercent: '', growthPercent: '', employees: '', established: '', companyForm: '', premisesSize: '', ownPremises: '',
  activeCustomers: '', recurringRevenue: '', ownerDependency: '', contractObligations: '', includedInSale: [], ownerComment: '', orgnr: '', confidential: false, verifiedBuyersOnly: false,
};

/**
 * The form as the shared schema's output for saving. The wizard has checked every step before
 * (validation.ts); this is the same schema once more over all fields, for the submit's input.
 */
export function toListingFields(form: WizardForm): { ok: true; fields: ListingFields } | { ok: false; message: string } {
  const { input, notNumbers } = schemaInput(form);
  if (notNumbers[0]) return { ok: false, message: notNumbers[0].message };
  const parsed = listingFieldsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? v.number };
  return { ok: true, fields: parsed.data };
}

const numberText = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));
const yesNoText = (value: boolean | null): '' | 'yes' | 'no' => (value === null ? '' : value ? 'yes' : 'no');

/** A saved listing back into the form (edit mode). */
export function fromListing(listing: Omit<ListingFields, 'includedInSale'> & { includedInSale: string[] }): WizardForm {
  return {
    title: listing.title,
    industry: listing.industry,
    location: listing.location,
    description: listing.description,
    price: numberText(listing.price),
    revenue: numberText(listing.revenue),
    profit: numberText(listing.profit),
    ownerSalary: numberText(listing.ownerSalary),
    debt: numberText(listing.debt),
    equityPercent: numberText(listing.equityPercent),
    growthPercent: numberText(listing.growthPercent),
    employees: numberText(listing.employees),
    established: numberText(listing.established),
    companyForm: listing.companyForm ?? '',
    premisesSize: numberText(listing.premisesSize),
    ownPremises: yesNoText(listing.ownPremises),
    activeCustomers: yesNoText(listing.activeCustomers),
    recurringRevenue: yesNoText(listing.recurringRevenue),
    ownerDependency: listing.ownerDependency ?? '',
    contractObligations: listing.contractObligations ?? '',
    includedInSale: listing.includedInSale,
    ownerComment: listing.ownerComment ?? '',
    orgnr: listing.orgnr ?? '',
    confidential: listing.confidential,
    verifiedBuyersOnly: listing.verifiedBuyersOnly,
  };
}
