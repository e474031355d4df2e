import { afterAll } from 'vitest';
import { createVippsLogin, VIPPS_CALLBACK_PATH } from '@bedriftstorget/api/auth/vipps';
import { LOCAL_CLIENT, type TestPerson } from '../../infra/local/vipps/people';
import { startLocalVipps, type Fault } from '../../infra/local/vipps/server';
import { signInAtLocalVipps } from '../support/vipps-driver';
import { createHarness, testConfig, type Browser, type Harness } from './harness';

/** The local Vipps (infra/local/vipps), one per test file, with the test harness's app as its client. */
const appUrl = testConfig().appUrl;
export const localVipps = await startLocalVipps({ ...LOCAL_CLIENT, redirectUris: [`${appUrl}${VIPPS_CALLBACK_PATH}`] });
afterAll(() => localVipps.close());

/** A harness whose Vipps Login is the real client (openid-client) against the local Vipps. */
export function vippsHarness(): Harness {
  return createHarness({ vipps: createVippsLogin({ issuer: localVipps.issuer, ...LOCAL_CLIENT, redirectUri: `${appUrl}${VIPPS_CALLBACK_PATH}`, allowHttp: true }) });
}

/** A person no other test has used (their own e-mail and so their own pairwise `sub`). */
export function newPerson(overrides: Partial<TestPerson> = {}): TestPerson {
  const id = crypto.randomUUID().slice(0, 8);
  const person = { id: `test-${id}`, givenName: 'Test', familyName: `Person ${id}`, email: `vipps-${id}@example.no`, phone: '4798765432', birthdate: '1980-01-01', ...overrides };
  localVipps.addPerson(person);
  return person;
}

/**
 * One round trip as the browser makes it: the app's start, Vipps's pages (the person's button, then
 * 'Bekreft'), and the callback page handing the query to the app. Returns Vipps's answer URL too.
 */
export async function vippsRoundTrip(browser: Browser, person: TestPerson, options: { intent?: 'login' | 'verify'; acceptTerms?: boolean; fault?: Fault; confirm?: boolean } = {}) {
  const { url } = await browser.call((c) => c.vipps.start({ intent: options.intent ?? 'login', acceptTerms: options.acceptTerms }));
  const back = await signInAtLocalVipps(url, person.id, { confirm: options.confirm });
  if (options.fault) localVipps.failNext(options.fault);
  const search = back.search.slice(1);
  return { search, result: browser.call((c) => c.vipps.callback({ search })) };
}

export const fullNameOf = (person: TestPerson) => `${person.givenName} ${person.familyName}`;
