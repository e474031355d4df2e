import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { isFlagged, type RegistryStatus } from '@bedriftstorget/core/company/enums';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { company as texts } from '@bedriftstorget/core/texts/company';

/** The snapshot's columns, for a left join on the listing's (or revision's) orgnr (decision 061: by name). */
export const registryColumns = {
  status: companyRegistry.status,
  name: companyRegistry.name,
  formText: companyRegistry.formText,
  kommune: companyRegistry.kommune,
  address: companyRegistry.address,
  bankrupt: companyRegistry.bankrupt,
  liquidation: companyRegistry.liquidation,
  forcedLiquidation: companyRegistry.forcedLiquidation,
  deletedOn: companyRegistry.deletedOn,
  checkedAt: companyRegistry.checkedAt,
};

/** A left join's row: every column null when there is no snapshot. */
export type RegistryRow = { [K in keyof typeof registryColumns]: (typeof registryColumns)[K]['_']['data'] | null };

/** What the registry's flags say, in Norwegian, for staff (decision 094). */
export function registryWarnings(row: RegistryRow): string[] {
  return [
    ...(row.status === 'not_found' ? [texts.flags.notFound] : []),
    ...(row.deletedOn ? [texts.flags.deleted(formatDate(row.deletedOn))] : []),
    ...(row.bankrupt ? [texts.flags.bankrupt] : []),
    ...(row.liquidation ? [texts.flags.liquidation] : []),
    ...(row.forcedLiquidation ? [texts.flags.forcedLiquidation] : []),
  ];
}

export function registryFlagged(row: RegistryRow): boolean {
  return isFlagged({ status: row.status ?? 'pending', bankrupt: Boolean(row.bankrupt), liquidation: Boolean(row.liquidation), forcedLiquidation: Boolean(row.forcedLiquidation), deletedOn: row.deletedOn ?? null });
}

/** Everything the registry said, for staff: they always see the whole company (decision 095). */
export function staffCompany(orgnr: string | null, row: RegistryRow) {
  if (!orgnr) return null;
  const status: RegistryStatus = row.status ?? 'pending';
  return {
    orgnr,
    status,
    name: row.name,
    form: row.formText,
    kommune: row.kommune,
    address: row.address,
    warnings: registryWarnings(row),
    flagged: registryFlagged(row),
    checkedAt: row.checkedAt?.toISOString() ?? null,
  };
}
export type StaffCompany = ReturnType<typeof staffCompany>;

/**
 * What the public page says about the company: 'Registrert i Enhetsregisteret' with its name,
 * organisasjonsform and kommune — and nothing at all for a confidential listing (decision 095), nor
 * before the registry has answered. The number itself is never public.
 */
export function publicCompany(confidential: boolean, row: Pick<RegistryRow, 'status' | 'name' | 'formText' | 'kommune'>) {
  if (confidential || row.status !== 'found' || !row.name) return null;
  return { name: row.name, form: row.formText, kommune: row.kommune };
}
