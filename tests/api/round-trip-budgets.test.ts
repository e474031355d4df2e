/**
 * Round trips of the main journeys, counted at the PlanetScale stand-in (decision 078): every call
 * through the HTTP handler with its session cookie, from cold count caches. A call over its budget
 * (packages/api/src/observability/round-trip-budgets.ts) fails, and so does a call whose round trips
 * grow with the rows it returns or writes (each is made for one row and for many: listings, images,
 * messages, conversations, favourites). Requests are counted by the stand-in; which of them were sent
 * one after another by the request's scope, where they are sent (its log line's dbRoundTripsInTurn).
 * The stand-in adds the budgets' 20 ms to each call, as across regions; only counts are compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLucia } from '@bedriftstorget/api/auth/lucia';
import type { Services } from '@bedriftstorget/api/context';
import { connectPlanetscale } from '@bedriftstorget/api/db/planetscale';
import { BUDGET_LATENCY_MS, ROUND_TRIP_BUDGETS } from '@bedriftstorget/api/observability/round-trip-budgets';
import { startPlanetscaleDouble, type PlanetscaleDouble } from '../../infra/local/planetscale/server';
import { testDatabaseUrl } from '../setup/test-db';
import { createHarness, db, slot } from './harness';
import { buildWorld, JOURNEY_CALLS, measure, type World } from './round-trip-journeys';

let double: PlanetscaleDouble;
let services: Services;
let world: World;
/** Rows of each kind for the 'many' calls: more than a page of anything the calls return. */
const MANY = 30;

beforeAll(async () => {
  double = await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(slot), latencyMs: BUDGET_LATENCY_MS });
  const planetscale = connectPlanetscale(double.url);
  const h = createHarness({ config: { rateLimitMultiplier: 1000 } });
  // Storage is not the database: the submit's clean-up of raw uploads has no objects to delete here.
  services = { ...h, db: planetscale, auth: createLucia(planetscale, h.config.secureCookies), storage: { ...h.storage, delete: () => Promise.resolve() } };
  world = await buildWorld(db, services, MANY);
}, 120_000);
afterAll(async () => {
  await double.close();
});

describe('round trips of the main journeys', () => {
  it('every budgeted procedure is called by the journeys', () => {
    const called = new Set(JOURNEY_CALLS.map((call) => call.procedure));
    expect(Object.keys(ROUND_TRIP_BUDGETS).filter((procedure) => !called.has(procedure))).toEqual([]);
  });

  it.each(JOURNEY_CALLS.map((call) => [call.label, call] as const))('%s: within its budget, the same for one row and many', async (_label, call) => {
    const one = await measure(double, services, db, world, call, 'one');
    const many = await measure(double, services, db, world, call, 'many');
    // The request's own count of what it sent is what the stand-in answered.
    expect(one.scopeRequests).toBe(one.requests);
    expect({ requests: many.requests, roundTrips: many.sequential }).toEqual({ requests: one.requests, roundTrips: one.sequential });
    const budget = ROUND_TRIP_BUDGETS[call.procedure];
    if (!budget) return;
    expect(one.sequential).toBeLessThanOrEqual(budget.notMetYet ?? budget.roundTrips);
    expect(one.requests).toBeLessThanOrEqual(budget.requests);
  });
});
