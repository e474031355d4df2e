/** A report's fixed value lists (decision 050), free of the schema so the browser can import them (decision 020). */
export const reportReasons = ['fraud', 'wrong_info', 'sold', 'other'] as const;
export const reportStatuses = ['open', 'dismissed', 'actioned'] as const;

export type ReportReason = (typeof reportReasons)[number];
export type ReportStatus = (typeof reportStatuses)[number];

/** The comment's stored length at most. */
export const REPORT_COMMENT_MAX = 1000;
