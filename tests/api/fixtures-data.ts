import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';

/** A complete, valid wizard form (seller.create and seller.update). */
export const listingFields: ListingFields = {
  title: 'Godt etablert verksted',
  industry: 'craft',
  location: 'Bergen',
  description: 'Et godt etablert verksted med faste kunder, moderne maskiner og erfarne ansatte som blir med.',
  price: 2_500_000, revenue: 6_000_000, profit: 700_000, ownerSalary: null, debt: null, equityPercent: 100, growthPercent: null,
  employees: 6, established: 2004, premisesSize: 300, ownPremises: false, companyForm: 'as', activeCustomers: true,
  recurringRevenue: false, ownerDependency: 'medium', contractObligations: null, includedInSale: ['Inventar'], ownerComment: null, orgnr: null, confidential: false, verifiedBuyersOnly: false,
};
