import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlanetscale } from '@bedriftstorget/api/db/planetscale';
import { createLucia } from '@bedriftstorget/api/auth/lucia';
import type { Services } from '@bedriftstorget/api/context';
import { ROUND_TRIP_BUDGETS } from '@bedriftstorget/api/observability/round-trip-budgets';
import { startPlanetscaleDouble, type PlanetscaleDouble } from '../../infra/local/planetscale/server';
import { testDatabaseUrl } from '../setup/test-db';
import { createHarness, db, slot } from './harness';
import { buildWorld, JOURNEY_CALLS, measure, type World } from './round-trip-journeys';

let double: PlanetscaleDouble;
let services: Services;
let world: World;
const MANY = 30;

beforeAll(async () => {
  double = await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(slot), latencyMs: 5 });
  const ps = connectPlanetscale(double.url);
  const h = createHarness({ config: { rateLimitMultiplier: 1000 } });
  services = { ...h, db: ps, auth: createLucia(ps, h.config.secureCookies), storage: { ...h.storage, delete: () => Promise.resolve() } };
  world = await buildWorld(db, services, MANY);
}, 120_000);
afterAll(async () => {
  await double.close();
});

describe('round trips of the main journeys', () => {
  it.each(JOURNEY_CALLS.map((call) => [call.label, call] as const))('%s', async (_label, call) => {
    const one = await measure(double, services, db, world, call, 'one');
    const many = await measure(double, services, db, world, call, 'many');
    console.error(JSON.stringify({ call: call.label, one, many }));
    expect(many.requests).toBe(one.requests);
    const budget = ROUND_TRIP_BUDGETS[call.procedure];
    if (budget) expect(Math.max(one.requests, many.requests)).toBeLessThanOrEqual(budget.roundTrips);
  });
});
