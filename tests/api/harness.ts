import { afterAll } from 'vitest';
import type { Mailer, OutgoingMail } from '@bedriftstorget/api/adapters/mailer';
import { createBrregRegistry } from '@bedriftstorget/api/adapters/company-registry';
import { createImageStorage, localS3Config } from '@bedriftstorget/api/adapters/storage';
import type { GoogleOAuth } from '@bedriftstorget/api/auth/google';
import type { VippsLogin } from '@bedriftstorget/api/auth/vipps';
import { createLucia } from '@bedriftstorget/api/auth/lucia';
import { loadLocalConfig, type Config } from '@bedriftstorget/api/config';
import { createInnerContext, createRequestContext, type Context, type Services } from '@bedriftstorget/api/context';
import { connectDatabase } from '@bedriftstorget/api/db/connect';
import { deliverDueMail, type DeliveryReport } from '@bedriftstorget/api/mail/deliver';
import { LocalHub } from '@bedriftstorget/api/realtime/local-hub';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { createCallerFactory } from '@bedriftstorget/api/trpc';
import { startBrregStandIn } from '../../infra/local/brreg/server';
import { startPlanetscaleDouble } from '../../infra/local/planetscale/server';
import { API_WORKERS } from '../../vitest.config';
import { claimSlot, resetDatabase, testDatabaseUrl } from '../setup/test-db';

/**
 * The transport under the outbox, in memory: what SES would have accepted. Requests send their
 * own mails at once after the commit (deliverNow), so a test sees them when the call returns;
 * mails the scheduled steps queue arrive when the test runs the outbox (`deliverMail`).
 */
export class MemoryMailer implements Mailer {
  sent: OutgoingMail[] = [];
  send(mail: OutgoingMail): Promise<string | undefined> {
    this.sent.push(mail);
    return Promise.resolve(`memory-${this.sent.length}`);
  }
  to(email: string): OutgoingMail[] {
    return this.sent.filter((mail) => mail.to === email);
  }
  last(email: string): OutgoingMail {
    const mail = this.to(email).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  }
}

export const slot = await claimSlot(API_WORKERS);
const worker = String(slot);
// This module is evaluated once per test file: each file starts from a freshly migrated database.
await resetDatabase(worker);
/**
 * mysql2, or (the `api-planetscale` project, tests/api/locks-*.test.ts) PlanetScale's HTTP driver through the
 * local stand-in for its API over the same database: transactions and row locks must hold on both.
 */
export const driver = process.env.TEST_DATABASE_DRIVER === 'planetscale' ? 'planetscale' : 'mysql2';
const planetscale = driver === 'planetscale' ? await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(worker) }) : null;
const database = connectDatabase(driver, planetscale?.url ?? testDatabaseUrl(worker), 4);
/** Enhetsregisteret's stand-in (decision 094), one per test file; tests may set it down or slow. */
export const brreg = await startBrregStandIn();
afterAll(async () => {
  await database.close();
  await planetscale?.close();
  await brreg.close();
});

export const db = database.db;

/**
 * The tests in locks-*.test.ts run bursts (10 submits with image checks, 40 sign-ups, 20 messages
 * twice) on both drivers; over HTTP each statement is a round trip. On the shared two-core machine
 * at a load average above 20 they take 20–50 s, so they get more than the default 20 s.
 */
export const LOCK_TEST_TIMEOUT = 60_000;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // COUNT_WAIT_MS: tests that read a page's total get it whatever the machine's load; the page sent
    // without its count is tested on its own (browse-count.test.ts).
    // MAIL_RATE_PER_SECOND: no test waits for a sending slot; the rate itself is tested with a clock of its own (mail-outbox.test.ts).
    // LOCAL_CACHE: a local server answers every request itself; the cache is tested with one of its own (edge-cache*.test.ts).
    ...loadLocalConfig({ BRREG_TIMEOUT_MS: '1000', DATABASE_URL: testDatabaseUrl(worker), SCRYPT_LOG_N: '10', DATA_DIR: '.data/test', LOG_MAIL: 'false', COUNT_WAIT_MS: '10000', MAIL_RATE_PER_SECOND: '1000', LOCAL_CACHE: 'false' }),
    ...overrides,
  };
}

export interface Harness extends Services {
  mailer: MemoryMailer;
  /** The local runtime's hub: tests subscribe to a channel and assert what procedures publish. */
  realtime: LocalHub;
}

export function createHarness(options: { config?: Partial<Config>; google?: GoogleOAuth; vipps?: VippsLogin } = {}): Harness {
  const config = testConfig(options.config);
  return {
    config,
    db,
    auth: createLucia(db, config.secureCookies),
    mailer: new MemoryMailer(),
    storage: createImageStorage(localS3Config(config.local!.s3Port), config.local!.imageBucket),
    documents: createImageStorage(localS3Config(config.local!.s3Port), config.local!.documentBucket),
    google: options.google ?? null,
    vipps: options.vipps ?? null,
    realtime: new LocalHub(),
    registry: createBrregRegistry({ url: brreg.url, timeoutMs: config.registry.timeoutMs }),
  };
}

const createCaller = createCallerFactory(appRouter);

/** What the scheduled job's outbox step does: sends the due mails (those a step queued at `now`) through the harness's mailer. */
export function deliverMail(h: Services, now = new Date()): Promise<DeliveryReport> {
  return deliverDueMail(h, now);
}

/** A fresh address per test: the tests of one file share its database. */
export function uniqueEmail(prefix = 'bruker'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.no`;
}

export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * A caller as a browser would be: it keeps the cookies the server sets and sends them back,
 * going through the same cookie parsing and session validation as HTTP requests.
 */
export class Browser {
  cookies = new Map<string, string>();
  lastSetCookies: string[] = [];
  constructor(readonly services: Services, readonly ip = randomIp()) {}

  async context(): Promise<Context> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const resHeaders = new Headers();
    const request = new Request('http://localhost/trpc', { headers: cookie ? { cookie } : {} });
    return createRequestContext(this.services, request, resHeaders, this.ip);
  }

  private keep(headers: Headers) {
    this.lastSetCookies = headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair, ...attributes] = line.split(';');
      const [name, value = ''] = (pair ?? '').split('=');
      if (!name) continue;
      const expired = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0') || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  /** Runs one call and keeps the cookies it sets. */
  async call<T>(fn: (caller: ReturnType<typeof createCaller>) => Promise<T>): Promise<T> {
    const ctx = await this.context();
    try {
      return await fn(createCaller(ctx));
    } finally {
      this.keep(ctx.resHeaders);
    }
  }

  get sessionId(): string | undefined {
    return this.cookies.get(this.services.auth.sessionCookieName);
  }
}

/** A caller with no HTTP at all, for procedures that need no cookies. */
export function visitorCaller(services: Services) {
  return createCaller(createInnerContext(services, { session: null, user: null, ip: randomIp(), cookies: {}, resHeaders: new Headers() }));
}

/** The token from the link in the newest mail to `email` whose link contains `path`. */
export function tokenFromMail(mailer: MemoryMailer, email: string, path: string): string {
  const link = mailer.to(email).flatMap((mail) => mail.links).filter((l) => l.includes(path)).at(-1);
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no ${path} link mailed to ${email}`);
  return token;
}

/** Signs up, confirms from the mailed link and returns the signed-in browser. */
export async function signedInUser(h: Harness, email = uniqueEmail(), password = 'hemmelig1'): Promise<{ browser: Browser; email: string; password: string; userId: string }> {
  const browser = new Browser(h);
  await browser.call((c) => c.auth.signUp({ email, password, acceptTerms: true }));
  await browser.call((c) => c.auth.confirmEmail({ token: tokenFromMail(h.mailer, email, '/auth/bekreft') }));
  const me = await browser.call((c) => c.auth.me());
  if (!me) throw new Error('sign-up did not sign in');
  return { browser, email, password, userId: me.id };
}
