/** Where a buyer's request for a confidential listing's documents stands (decision 096). */
export const accessStatuses = ['pending', 'granted', 'declined', 'withdrawn'] as const;
export type AccessStatus = (typeof accessStatuses)[number];
