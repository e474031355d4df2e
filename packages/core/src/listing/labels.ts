import { expiry } from '../texts/lifecycle';
import type { Industry, ListingStatus } from './enums';

/** Browse labels of SPEC §3; retail and other have none there (ours). */
export const industryLabels: Record<Industry, string> = {
  tech: 'IT & Teknologi',
  restaurant: 'Restaurant & Mat',
  craft: 'Håndverk',
  services: 'Tjenester',
  fitness: 'Helse & Velvære',
  ecommerce: 'E-handel',
  retail: 'Varehandel', // ours
  other: 'Annet', // ours
};

/** The browse filter's locations (SPEC §3). */
export const browseLocations = ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Kristiansand', 'Tromsø'] as const;

/** Own-listing labels (SPEC §4); any other status is shown raw. */
export function ownStatusLabel(status: ListingStatus): string {
  const labels: Partial<Record<ListingStatus, string>> = { active: 'Publisert', pending: 'Venter godkjenning', sold: 'Solgt', archived: 'Arkivert', rejected: 'Ikke godkjent', inactive: 'Inaktiv', unlisted: 'Avpublisert', expired: expiry.status };
  return labels[status] ?? status;
}

export const companyFormLabels = { as: 'AS', asa: 'ASA', ans: 'ANS', enk: 'ENK', other: 'Annet' } as const;
export const ownerDependencyLabels = { low: 'Lav', medium: 'Middels', high: 'Høy' } as const;
