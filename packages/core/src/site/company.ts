/**
 * The company behind the site, as 'Om oss' names it: organisation number and address. Set per
 * deploy (stacks/stage-settings.ts → the web build's VITE_COMPANY_* variables); a local build
 * without them shows the defaults, marked as such by being plainly not a real registration.
 */
export interface Company {
  /** Nine digits, shown in groups of three ('999 999 999'), as Brønnøysundregistrene writes it. */
  orgNr: string;
  address: string;
}

export const LOCAL_COMPANY: Company = { orgNr: '999 999 999', address: 'Storgata 1, 0155 Oslo' };

/** The configured values, or the local defaults for each one missing or malformed (an org.nr is nine digits). */
export function companyFrom(env: { orgNr?: string | undefined; address?: string | undefined }): Company {
  const digits = (env.orgNr ?? '').replace(/\s/g, '');
  const address = (env.address ?? '').trim();
  return {
    orgNr: /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : LOCAL_COMPANY.orgNr,
    address: address || LOCAL_COMPANY.address,
  };
}
