/** A company's registry answer as stored (decision 094); browser-safe (decision 020). */
export const registryStatuses = ['pending', 'found', 'not_found'] as const;
export type RegistryStatus = (typeof registryStatuses)[number];

/** What staff are warned about: the registry's flags and a company it no longer knows. */
export interface RegistryFlags {
  bankrupt: boolean;
  liquidation: boolean;
  forcedLiquidation: boolean;
  deletedOn: string | null;
  status: RegistryStatus;
}

/** A company that cannot be approved without a note (decision 094). */
export function isFlagged(flags: RegistryFlags): boolean {
  return flags.status === 'not_found' || flags.bankrupt || flags.liquidation || flags.forcedLiquidation || flags.deletedOn !== null;
}
