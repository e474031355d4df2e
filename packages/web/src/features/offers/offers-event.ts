/**
 * The realtime event the server sends both parties at every step of a thread (api/src/offers/notify.ts). A module of its
 * own: the listing page's panel listens for it without importing the offer cards and their dialogs
 * (which would pull the form code into the first load).
 */
export const OFFERS_CHANGED = 'offers.changed';
