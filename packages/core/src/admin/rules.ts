/** Rules of the back office shared by the server and the web (docs/product.md, 'Admin' and 'Admin details'). */
import type { ListingStatus } from '../listing/enums';

/**
 * Staff approve every listing within 48 hours; the admins are alerted at 20 hours. These are the
 * defaults (DEFAULT_SETTINGS): the numbers in force are the settings (/admin/innstillinger), passed in as `limits`.
 */
export const REVIEW_LIMIT_HOURS = 24;
export const REVIEW_ALERT_HOURS = 20;

export interface ReviewLimits {
  promiseHours: number;
  alertHours: number;
}
export const QUEUE_SIZE = 10;
export const STATS_WINDOW_DAYS = 7;
export const LOG_LIMIT = 100;
export const ADMIN_PAGE_SIZE = 25;
/** What one bulk call may change: a page of rows is 25, so this is only a guard. */
export const MAX_BULK_IDS = 200;
const HOUR_MS = 3_600_000;

export interface ReviewAge {
  /** Whole hours since the listing's latest submission. */
  hours: number;
  /** At the alert threshold (20 hours) or more: the admins have been (or are about to be) alerted. */
  nearLimit: boolean;
  /** Past the promise (the setting; 48 hours by default). */
  overdue: boolean;
}

/** The age of a pending listing against the promise, from its latest submission (submitted_at). */
export function reviewAge(
  submittedAt: Date | string,
  now: Date | number = Date.now(),
  limits: ReviewLimits = { promiseHours: REVIEW_LIMIT_HOURS, alertHours: REVIEW_ALERT_HOURS },
): ReviewAge {
  const ms = Math.max(0, new Date(now).getTime() - new Date(submittedAt).getTime());
  return { hours: Math.floor(ms / HOUR_MS), nearLimit: ms >= limits.alertHours * HOUR_MS, overdue: ms > limits.promiseHours * HOUR_MS };
}

export function hoursAgo(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * HOUR_MS);
}

export type Tone = 'warning' | 'success' | 'danger';

/** pending warning, active success, sold, archived and rejected danger; any other status looks like active (docs/product.md, 'Admin details'). */
export function statusTone(status: ListingStatus): Tone {
  if (status === 'pending') return 'warning';
  // rejected is red too: a refused listing must never look published.
  if (status === 'sold' || status === 'archived' || status === 'rejected') return 'danger';
  return 'success';
}

export type LogColour = 'blue' | 'green' | 'purple' | 'orange' | 'grey';

/** The admin log's Type badge: listing blue, profile green, lead purple, user_role orange, other grey. */
export function logTypeColour(targetType: string): LogColour {
  const colours: Record<string, LogColour> = { listing: 'blue', profile: 'green', lead: 'purple', user_role: 'orange' };
  return colours[targetType] ?? 'grey';
}

/** The first 8 characters and '…', or a dash when there is no target. */
export function shortTargetId(targetId: string | null | undefined): string {
  if (!targetId) return '–';
  return targetId.length > 8 ? `${targetId.slice(0, 8)}…` : targetId;
}
