/**
 * The calls of the main journeys, as a browser sends them through the HTTP handler, counted at the
 * local PlanetScale stand-in (decision 078). Shared by tests/api/round-trip-budgets.test.ts (counts
 * against ROUND_TRIP_BUDGETS) and the bench (counts and handler times at 0, 5 and 20 ms). No harness
 * import: the bench has its own database.
 */
import { performance } from 'node:perf_hooks';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { favorites, listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { MAX_IMAGES } from '@bedriftstorget/core/listing/form-schema';
import { hashPassword } from '@bedriftstorget/api/auth/password';
import type { Services } from '@bedriftstorget/api/context';
import type { Database } from '@bedriftstorget/api/db/client';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { setRequestLogSink, type RequestLogLine } from '@bedriftstorget/api/observability/request-log';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import type { PlanetscaleDouble } from '../../infra/local/planetscale/server';
import { listingFields } from './fixtures-data';

export const PASSWORD = 'hemmelig1';

interface Person { id: string; email: string; cookie: string }

/** One buyer and seller with little (one row of everything) and one with much (`many` rows). */
export interface World {
  word: { one: string; many: string };
  seller: Record<Size, Person>;
  buyer: Record<Size, Person>;
  listing: Record<Size, string>;
  /** The listing the buyer of that size has a conversation about (with the seller of that size). */
  conversation: Record<Size, { listingId: string; counterpartId: string }>;
}
export type Size = 'one' | 'many';

async function person(db: Database, services: Services, label: string): Promise<Person> {
  const id = crypto.randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.no`;
  const passwordHash = await hashPassword(PASSWORD, services.config.scryptLogN);
  await db.insert(users).values({ id, email, emailVerified: true, passwordHash });
  // A grant far past any run: the submit is measured many times by one seller.
  await db.insert(profiles).values({ id, fullName: label, maxListings: 1_000_000 });
  const session = await services.auth.createSession(id, {});
  return { id, email, cookie: `${services.auth.sessionCookieName}=${session.id}` };
}

async function listing(db: Database, ownerId: string, word: string, images: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(listings).values({
    id, ownerId, status: 'active', submittedAt: new Date(), publishedAt: new Date(),
    title: `Bedrift ${word}`, industry: 'services', location: 'Oslo',
    description: `En solid bedrift med faste kunder og gode rutiner, ${word}.`,
  });
  await syncListingTerms(db, [id]);
  for (let i = 0; i < images; i += 1) await db.insert(listingImages).values({ listingId: id, imageUrl: `/images/rt/${id}_${i}.jpg`, displayOrder: i });
  return id;
}

/** `many` rows where a call returns a list: listings, images, conversations, messages, favourites. */
export async function buildWorld(db: Database, services: Services, many: number): Promise<World> {
  const word = { one: `rtone${crypto.randomUUID().slice(0, 6)}`, many: `rtmany${crypto.randomUUID().slice(0, 6)}` };
  const seller = { one: await person(db, services, 'selger-en'), many: await person(db, services, 'selger-mange') };
  const buyer = { one: await person(db, services, 'kjoper-en'), many: await person(db, services, 'kjoper-mange') };
  const one = await listing(db, seller.one.id, word.one, 1);
  const manyIds: string[] = [];
  for (let i = 0; i < many; i += 1) manyIds.push(await listing(db, seller.many.id, word.many, i === 0 ? MAX_IMAGES : 1));
  const send = (from: string, to: string, listingId: string, n: number) =>
    db.insert(messages).values(Array.from({ length: n }, (_, i) => ({ listingId, senderId: from, receiverId: to, messageText: `Hei ${i}`, clientMessageId: crypto.randomUUID() })));
  await send(buyer.one.id, seller.one.id, one, 1);
  for (const id of manyIds) await send(buyer.many.id, seller.many.id, id, id === manyIds[0] ? many : 1);
  await db.insert(favorites).values({ userId: buyer.one.id, listingId: one });
  await db.insert(favorites).values(manyIds.map((listingId) => ({ userId: buyer.many.id, listingId })));
  return {
    word,
    seller,
    buyer,
    listing: { one, many: manyIds[0]! },
    conversation: { one: { listingId: one, counterpartId: seller.one.id }, many: { listingId: manyIds[0]!, counterpartId: seller.many.id } },
  };
}

export interface JourneyCall {
  /** The procedure, as in ROUND_TRIP_BUDGETS; `label` tells two shapes of one procedure apart. */
  procedure: string;
  label: string;
  who: 'visitor' | 'buyer' | 'seller';
  mutation?: boolean;
  input: (world: World, size: Size, db: Database) => unknown;
}

/** A verified upload ready to attach, as seller.confirmUpload leaves it (the image pipeline is not what is counted). */
async function verifiedUploads(db: Database, userId: string, listingId: string, n: number): Promise<{ uploadId: string }[]> {
  const rows = Array.from({ length: n }, () => {
    const id = crypto.randomUUID();
    return { id, userId, listingId, storageKey: `uploads/${id}`, finalKey: `listings/${id}`, contentType: 'image/png', status: 'verified' as const, size: 1000 };
  });
  await db.insert(uploads).values(rows);
  return rows.map((row) => ({ uploadId: row.id }));
}

export const JOURNEY_CALLS: JourneyCall[] = [
  { procedure: 'listing.landing', label: 'landing', who: 'visitor', input: () => undefined },
  { procedure: 'listing.browse', label: 'browse, no words', who: 'visitor', input: (_w, size) => ({ sort: 'newest', limit: size === 'one' ? 1 : 24 }) },
  { procedure: 'listing.browse', label: 'browse, a search word', who: 'visitor', input: (w, size) => ({ q: w.word[size], sort: 'newest', limit: 24 }) },
  { procedure: 'listing.browse', label: 'browse, industry and town', who: 'visitor', input: (_w, size) => ({ industry: 'services', location: 'Oslo', sort: 'price_asc', limit: size === 'one' ? 1 : 24 }) },
  { procedure: 'listing.browseCount', label: 'browseCount', who: 'visitor', input: (w, size) => ({ q: w.word[size] }) },
  { procedure: 'listing.detail', label: 'detail', who: 'visitor', input: (w, size) => ({ id: w.listing[size] }) },
  { procedure: 'listing.recordView', label: 'recordView', who: 'visitor', mutation: true, input: (w, size) => ({ id: w.listing[size] }) },
  { procedure: 'auth.me', label: 'me', who: 'buyer', input: () => undefined },
  { procedure: 'auth.signIn', label: 'signIn', who: 'visitor', mutation: true, input: (w, size) => ({ email: w.buyer[size].email, password: PASSWORD }) },
  { procedure: 'listing.sellerContact', label: 'sellerContact', who: 'buyer', input: (w, size) => ({ id: w.listing[size] }) },
  { procedure: 'favorite.list', label: 'favourites', who: 'buyer', input: () => ({ sort: 'saved_desc' }) },
  { procedure: 'message.unreadCount', label: 'unreadCount', who: 'seller', input: () => undefined },
  { procedure: 'message.conversations', label: 'conversations', who: 'buyer', input: () => ({}) },
  { procedure: 'message.thread', label: 'thread', who: 'buyer', input: (w, size) => w.conversation[size] },
  { procedure: 'message.contactSeller', label: 'contactSeller, more in a conversation', who: 'buyer', mutation: true, input: (w, size) => ({ listingId: w.listing[size], text: 'Hei, er bedriften fortsatt til salgs?', clientMessageId: crypto.randomUUID() }) },
  {
    procedure: 'message.contactSeller',
    label: 'contactSeller, a new conversation (mailed)',
    who: 'buyer',
    mutation: true,
    input: async (w, size, db) => ({ listingId: await listing(db, w.seller[size].id, w.word[size], 1), text: 'Hei, jeg er interessert.', clientMessageId: crypto.randomUUID() }),
  },
  { procedure: 'message.reply', label: 'reply', who: 'buyer', mutation: true, input: (w, size) => ({ ...w.conversation[size], text: 'Takk for svar.', clientMessageId: crypto.randomUUID() }) },
  { procedure: 'seller.mine', label: 'my listings', who: 'seller', input: () => undefined },
  {
    procedure: 'seller.create',
    label: `submit (1 or ${MAX_IMAGES} images)`,
    who: 'seller',
    mutation: true,
    input: async (w, size, db) => {
      const id = crypto.randomUUID();
      return { id, fields: listingFields, images: await verifiedUploads(db, w.seller[size].id, id, size === 'one' ? 1 : MAX_IMAGES) };
    },
  },
];

export function requestFor(appUrl: string, procedure: string, input: unknown, mutation: boolean, cookie: string | null): Request {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (mutation) {
    return new Request(`${appUrl}/trpc/${procedure}`, { method: 'POST', headers: { ...headers, origin: appUrl, 'content-type': 'application/json' }, body: JSON.stringify(input ?? null) });
  }
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return new Request(`${appUrl}/trpc/${procedure}${query}`, { headers });
}

/**
 * `requests`: the HTTP calls the stand-in answered; `sequential`: the longest chain of them sent one
 * after another, from the request's log line (counted where they are sent, so exact under any load);
 * `scopeRequests`: the log line's own count of calls, which must agree with the stand-in's.
 */
export interface Measured { requests: number; sequential: number; scopeRequests: number; ms: number; status: number }

let line: RequestLogLine | null = null;

let network = 0;

/**
 * One call through the handler, from a cold start of the in-process count caches (the worst a
 * Lambda instance sees): what the stand-in answered, and the time the handler took.
 */
export async function measure(double: PlanetscaleDouble, services: Services, db: Database, world: World, call: JourneyCall, size: Size): Promise<Measured> {
  const input = await call.input(world, size, db);
  const cookie = call.who === 'visitor' ? null : world[call.who][size].cookie;
  const request = requestFor(services.config.appUrl, call.procedure, input, call.mutation === true, cookie);
  clearCountCache();
  network = (network + 1) % 60_000;
  const ip = `10.${Math.floor(network / 250) % 250}.${network % 250}.7`;
  line = null;
  setRequestLogSink((text) => {
    line = JSON.parse(text) as RequestLogLine;
  });
  double.resetTraffic();
  const started = performance.now();
  const response = await handleTrpc(services, request, ip);
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${call.procedure} (${call.label}, ${size}) answered ${response.status}: ${body.slice(0, 300)}`);
  const logged = line as RequestLogLine | null;
  if (!logged) throw new Error(`${call.procedure}: no log line`);
  return { requests: double.traffic().requests, sequential: logged.dbRoundTripsInTurn, scopeRequests: logged.dbRoundTrips, ms, status: response.status };
}
