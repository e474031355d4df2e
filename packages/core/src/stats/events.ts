/** Sent on the owner's user channel when one of their listings is saved or unsaved: /statistikk refetches. */
export const STATS_CHANGED = 'stats.changed';
