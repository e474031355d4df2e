import type { ListingFields } from './form-schema';

/**
 * Which of the listing's fields each wizard step asks for, in the order they appear (decision 034).
 * The wizard validates a step with listingFieldsSchema.pick() of these: the same rules and
 * messages as the server, checked where the seller types them instead of only at save.
 */
export const wizardStepFields = [
  ['title', 'industry', 'location', 'description', 'orgnr', 'confidential', 'verifiedBuyersOnly'],
  ['price', 'revenue', 'profit', 'ownerSalary', 'debt', 'equityPercent', 'growthPercent'],
  ['employees', 'established', 'companyForm', 'premisesSize', 'ownPremises', 'activeCustomers', 'recurringRevenue', 'ownerDependency', 'contractObligations'],
  ['includedInSale'],
  ['ownerComment'],
] as const satisfies readonly (readonly (keyof ListingFields)[])[];

export const WIZARD_STEPS = wizardStepFields.length;
