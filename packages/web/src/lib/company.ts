import { companyFrom } from '@bedriftstorget/core/site/company';

/** Set at build time per deploy (stacks/web.ts); a local build gets the defaults. */
export const company = companyFrom({ orgNr: import.meta.env.VITE_COMPANY_ORG_NR, address: import.meta.env.VITE_COMPANY_ADDRESS });
