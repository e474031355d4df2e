import type { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { toRegistryCompany } from '@bedriftstorget/api/adapters/company-registry';
import { STAND_IN_COMPANIES } from '../local/brreg/companies';
import type { SeedListing } from './data';

type Company = keyof typeof STAND_IN_COMPANIES;

/**
 * The demo seller's verified companies (decision 094) and confidential sales (decision 095): some
 * samples name a company of the registry's stand-in, two of them confidentially, and the first
 * pending listings name the flagged ones, so staff see each warning in the review queue.
 */
const SAMPLES: Record<string, { company: Company; confidential: boolean }> = {
  'Etablert kafé i Bergen sentrum': { company: 'cafe', confidential: false },
  'Cateringfirma med faste bedriftskunder': { company: 'bakery', confidential: true },
  'Rørleggerfirma med 30 års historie': { company: 'plumbing', confidential: true },
  'Treningssenter med 600 medlemmer': { company: 'garden', confidential: false },
};
const FLAGGED: Company[] = ['bankrupt', 'liquidating', 'deleted'];

export function seedCompanies(rows: { id: string; listing: SeedListing }[], now: Date) {
  const byListing = new Map<string, { orgnr: string; confidential: boolean }>();
  for (const { id, listing } of rows) {
    const sample = SAMPLES[listing.title];
    if (sample) byListing.set(id, { orgnr: STAND_IN_COMPANIES[sample.company].organisasjonsnummer, confidential: sample.confidential });
  }
  const pending = rows.filter((row) => row.listing.status === 'pending').slice(0, FLAGGED.length);
  pending.forEach((row, i) => byListing.set(row.id, { orgnr: STAND_IN_COMPANIES[FLAGGED[i]!].organisasjonsnummer, confidential: i === 0 }));
  // The registry's answers as a lookup at seed time would have stored them.
  const registry: (typeof companyRegistry.$inferInsert)[] = Object.values(STAND_IN_COMPANIES).map((enhet) => {
    const { orgnr, ...company } = toRegistryCompany(enhet);
    return { orgnr, ...company, status: 'found', checkedAt: now, attemptedAt: now };
  });
  return { byListing, registry };
}
