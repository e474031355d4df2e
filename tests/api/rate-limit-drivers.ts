import type { TRPCError } from '@trpc/server';
import { RetryLater } from '@bedriftstorget/api/auth/rate-limit';
import type { RateLimitName } from '@bedriftstorget/api/auth/rate-limit-rules';
import { nda } from '@bedriftstorget/core/texts/access';
import { isNotNull } from 'drizzle-orm';
import { quotaRequests } from '@bedriftstorget/core/profile/quota-request.sql';
import { createListing } from './fixtures';
import { Browser, db, randomIp, signedInUser, uniqueEmail, type Harness } from './harness';

/** What one call answered: 'OK' or the error's code, its message and (for 429) the Retry-After. */
export interface Outcome {
  code: string;
  message?: string;
  retryAfter?: number;
}

export function outcome(call: Promise<unknown>): Promise<Outcome> {
  return call.then(
    () => ({ code: 'OK' }),
    (e: TRPCError) => (e.cause instanceof RetryLater ? { code: e.code, message: e.message, retryAfter: e.cause.seconds } : { code: e.code, message: e.message }),
  );
}

/** Two subjects of a rule: two networks, two users or two addresses. */
export type Who = 'a' | 'b';

/**
 * Drives one rate-limit rule through its real procedure. Each attempt is counted against `who`'s
 * key while everything the rule is NOT keyed by is new (another address, network or account), so a
 * limit that bites proves the rule counts by its key and nothing else.
 */
export interface Driver {
  /** What an attempt within the limit answers. */
  allowed: 'OK' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'BAD_REQUEST';
  attempt(who: Who): Promise<Outcome>;
}

function perSubject<T>(make: () => T): (who: Who) => T {
  const made = new Map<Who, T>();
  return (who) => {
    if (!made.has(who)) made.set(who, make());
    return made.get(who)!;
  };
}

/** The same signed-in browser seen from another network. */
function elsewhere(browser: Browser): Browser {
  const moved = new Browser(browser.services, randomIp());
  moved.cookies = new Map(browser.cookies);
  return moved;
}

/** An address of about 200 characters: long subjects must keep their own window too. */
const longEmail = () => `${crypto.randomUUID().slice(0, 8)}@${'x'.repeat(60)}.${'y'.repeat(60)}.${'z'.repeat(60)}.example.no`;

function byNetwork(h: Harness, allowed: Driver['allowed'], call: (browser: Browser) => Promise<unknown>): Driver {
  const network = perSubject(randomIp);
  return { allowed, attempt: (who) => outcome(call(new Browser(h, network(who)))) };
}

function byUser(h: Harness, call: (browser: Browser, listingId: string) => Promise<unknown>, allowed: Driver['allowed'] = 'OK'): Driver {
  const user = perSubject(() => signedInUser(h));
  let listing: Promise<string> | null = null;
  return {
    allowed,
    async attempt(who) {
      // Someone else's listing to write about (only the message rules use it).
      listing ??= signedInUser(h).then((seller) => createListing(seller.userId));
      const { browser } = await user(who);
      return outcome(call(elsewhere(browser), await listing));
    },
  };
}

/**
 * Every rule of the table except the sign-in ceiling, which refuses only networks that failed (its own
 * test), and the browser's error reports, a plain HTTP endpoint (tests/api/client-error.test.ts).
 */
export type DrivenRule = Exclude<RateLimitName, SeparatelyTested>;

/**
 * Rules with tests of their own: the sign-in ceiling and error reports (above); the daily report
 * limit, which the hourly one reaches first (reports.test.ts); the default limits of every
 * mutation, too high to drive call by call (mutation-limits.test.ts).
 */
export const SEPARATELY_TESTED = ['signInFailuresPerAddress', 'clientErrorsPerNetwork', 'unsubscribePerNetwork', 'reportsPerUserDay', 'mutationsPerUser', 'mutationsPerNetwork', 'viewsPerNetwork'] as const;
type SeparatelyTested = (typeof SEPARATELY_TESTED)[number];

export const DRIVERS: Record<DrivenRule, (h: Harness) => Driver> = {
  signInPerNetwork: (h) => byNetwork(h, 'UNAUTHORIZED', (b) => b.call((c) => c.auth.signIn({ email: uniqueEmail(), password: 'feilpassord' }))),
  signUpPerNetwork: (h) => byNetwork(h, 'OK', (b) => b.call((c) => c.auth.signUp({ email: uniqueEmail(), password: 'hemmelig1', acceptTerms: true }))),
  resetPerNetwork: (h) => byNetwork(h, 'OK', (b) => b.call((c) => c.auth.requestPasswordReset({ email: uniqueEmail() }))),
  resetPerAddress: (h) => {
    const email = perSubject(longEmail);
    return { allowed: 'OK', attempt: (who) => outcome(new Browser(h).call((c) => c.auth.requestPasswordReset({ email: email(who) }))) };
  },
  resendPerNetwork: (h) => byNetwork(h, 'OK', (b) => b.call((c) => c.auth.resendConfirmation({ email: uniqueEmail() }))),
  resendPerAddress: (h) => {
    const email = perSubject(longEmail);
    return { allowed: 'OK', attempt: (who) => outcome(new Browser(h).call((c) => c.auth.resendConfirmation({ email: email(who) }))) };
  },
  draftReminderPerNetwork: (h) => byNetwork(h, 'OK', (b) => b.call((c) => c.seller.rememberDraft({ email: uniqueEmail('utkast'), title: null }))),
  companyLookupPerNetwork: (h) => byNetwork(h, 'OK', (b) => b.call((c) => c.seller.lookupCompany({ orgnr: '910000101' }))),
  valuationPerNetwork: (h) => byNetwork(h, 'OK', (b) => b.call((c) => c.valuation.estimate({ industry: 'retail', profit: 100_000 }))),
  uploadsPerUser: (h) =>
    byUser(h, (b) => b.call((c) => c.seller.presignUpload({ listingId: crypto.randomUUID(), contentType: 'image/png', index: 0 }))),
  // Counted before the listing or document is looked up (routers/data-room.ts): an unknown id answers
  // NOT_FOUND within the limit, so guessing ids is limited like the real thing (decision 097).
  documentUploadsPerUser: (h) =>
    byUser(h, (b) => b.call((c) => c.dataRoom.presignUpload({ listingId: crypto.randomUUID(), fileName: 'Årsregnskap.pdf', size: 1000 })), 'NOT_FOUND'),
  documentDownloadsPerUser: (h) => byUser(h, (b) => b.call((c) => c.dataRoom.download({ documentId: crypto.randomUUID() })), 'NOT_FOUND'),
  messagesPerUser: (h) =>
    byUser(h, (b, listingId) => b.call((c) => c.message.contactSeller({ listingId, text: 'Hei, er den fortsatt til salgs?', clientMessageId: crypto.randomUUID() }))),
  inquiriesPerUser: (h) => byUser(h, (b, listingId) => b.call((c) => c.message.sendInquiry({ listingId, message: 'Hei, jeg er interessert.', name: 'Kari' }))),
  reportsPerUserHour: (h) => {
    // A listing of its own per report: one user has one open report per listing anyway.
    const seller = perSubject(() => signedInUser(h).then((made) => made.userId));
    return byUser(h, async (b) => {
      const listingId = await createListing(await seller('a'));
      return b.call((c) => c.report.create({ listingId, reason: 'fraud' }));
    });
  },
  favoritesPerUser: (h) => byUser(h, (b, listingId) => b.call((c) => c.favorite.add({ listingId }))),
  accessRequestsPerUser: (h) => {
    // A confidential listing of its own per request: one buyer has one request per listing anyway.
    const seller = perSubject(() => signedInUser(h).then((made) => made.userId));
    return byUser(h, async (b) => {
      const listingId = await createListing(await seller('a'), { confidential: true });
      return b.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }));
    });
  },
  // Counted before anything is read (auth/vipps-flow.ts, vipps-link.ts): a made-up answer from Vipps, or
  // a password with no Vipps sign-in waiting, is refused within the limit and counted all the same.
  vippsPerNetwork: (h) => byNetwork(h, 'BAD_REQUEST', (b) => b.call((c) => c.vipps.callback({ search: 'code=gjettet&state=gjettet' }))),
  vippsLinkPerNetwork: (h) => byNetwork(h, 'BAD_REQUEST', (b) => b.call((c) => c.vipps.linkWithPassword({ password: 'gjettet' }))),
  // Each attempt's request answered first (straight in the table), so the next may wait: one waits at a time.
  quotaRequestsPerUser: (h) =>
    byUser(h, async (b) => {
      await db.update(quotaRequests).set({ status: 'declined', openFor: null }).where(isNotNull(quotaRequests.openFor));
      return b.call((c) => c.seller.requestMoreListings({ wanted: 50 }));
    }),
  offersPerUser: (h) => {
    // A listing of its own per offer: one buyer has one standing offer per listing anyway.
    const seller = perSubject(() => signedInUser(h).then((made) => made.userId));
    return byUser(h, async (b) => {
      const listingId = await createListing(await seller('a'), { status: 'active' });
      return b.call((c) => c.offer.make({ listingId, price: 1_000_000, dealType: 'shares', financing: ['equity'], conditions: [], days: 14 }));
    });
  },
};
