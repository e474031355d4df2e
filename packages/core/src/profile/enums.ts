/** Profile value lists, free of the database schema so the browser can import them (decision 020). */
export const userTypes = ['individual', 'company', 'broker'] as const;
export const plans = ['free', 'pro', 'partner'] as const;
export const DEFAULT_MAX_LISTINGS = 3;
export const roles = ['admin'] as const;
/** A request for more listings (decision 141). */
export const quotaRequestStatuses = ['open', 'granted', 'declined'] as const;
export type QuotaRequestStatus = (typeof quotaRequestStatuses)[number];
export const QUOTA_REQUEST_MAX_WANTED = 1000;
export const QUOTA_NOTE_MAX = 500;
