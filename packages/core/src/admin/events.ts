/**
 * Realtime events on the admin channel. The seller's wizard publishes `submitted` when a listing
 * is sent (or sent back) to review; approve, reject and the admin listing actions publish
 * `reviewed`, so every open back office refreshes its queue and counts.
 */
export const adminEvents = {
  submitted: 'listings.submitted',
  reviewed: 'listings.reviewed',
} as const;
