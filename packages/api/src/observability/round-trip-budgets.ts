/**
 * Database round trips each call of the main journeys may make (decision 078), counted at the
 * PlanetScale stand-in: every HTTP call the driver sends (a statement, a transaction's BEGIN and
 * COMMIT), the session lookup of a signed-in call included. Over PlanetScale's HTTP driver each is
 * its own request, 20–30 ms from another region; statements sent together (`Promise.all`) cost one
 * wait, not several, but each is still a request — the budget counts requests, the stricter measure.
 * tests/api/round-trip-budgets.test.ts fails a call over its budget; the bench reports both counts.
 */
export interface RoundTripBudget {
  /** Most HTTP calls to the database per call of the procedure. */
  roundTrips: number;
  /** Handler p95 (ms) with 20 ms added to each call, where a page waits for it. */
  p95MsAt20?: number;
}

/** The latency, per round trip, the budgets are set at: a function calling PlanetScale across regions. */
export const BUDGET_LATENCY_MS = 20;

export const ROUND_TRIP_BUDGETS: Record<string, RoundTripBudget> = {
  'listing.landing': { roundTrips: 2, p95MsAt20: 60 },
  /** With its count ('Viser X av Y'). */
  'listing.browse': { roundTrips: 2, p95MsAt20: 60 },
  'listing.detail': { roundTrips: 2, p95MsAt20: 60 },
  'auth.signIn': { roundTrips: 4 },
  'seller.create': { roundTrips: 6 },
  'message.contactSeller': { roundTrips: 4 },
  'message.reply': { roundTrips: 4 },
};
