import { companyFrom } from '@bedriftstorget/core/site/company';

// Vite puts the build's VITE_* variables in import.meta.env; typed here rather than through
// vite/client, which the lint's type information does not load for this package.
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};

/** Set at build time per deploy (stacks/web.ts); a local build gets the defaults. */
export const company = companyFrom({ orgNr: env.VITE_COMPANY_ORG_NR, address: env.VITE_COMPANY_ADDRESS });
