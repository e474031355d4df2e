import { expiry } from '../texts/lifecycle';
import type { Industry, ListingStatus } from './enums';

/** Browse labels (docs/product.md, 'Browse'); retail's and other's are ours. */
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

/** The six towns of the first browse filter (the location filter now takes any town or county). */
export const browseLocations = ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Kristiansand', 'Tromsø'] as const;

/** Own-listing labels (docs/product.md, 'States'); any other status is shown raw. */
export function ownStatusLabel(status: ListingStatus): string {
  const labels: Partial<Record<ListingStatus, string>> = { active: 'Publisert', pending: 'Venter godkjenning', sold: 'Solgt', archived: 'Arkivert', rejected: 'Ikke godkjent', inactive: 'Inaktiv', unlisted: 'Avpublisert', expired: expiry.status };
  return labels[status] ?? status;
}

export const companyFormLabels = { as: 'AS', asa: 'ASA', ans: 'ANS', enk: 'ENK', other: 'Annet' } as const;
export const ownerDependencyLabels = { low: 'Lav', medium: 'Middels', high: 'Høy' } as const;
