import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@bedriftstorget/api/auth/lucia';
import { ORIGIN_SECRET_HEADER } from '@bedriftstorget/api/http/origin-secret';
import { sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { uploads } from '@bedriftstorget/core/listing/listing.sql';
import { documentDownloads, listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { dataRoomTexts } from '@bedriftstorget/core/texts/data-room';
import * as pdfLib from 'pdf-lib';
import { findActiveAnywhere } from '@bedriftstorget/api/data-room/pdf-active';
import { hostileCorpus } from '../unit/pdf-corpus';
import { createListing } from './fixtures';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import { auth as authTexts, mail as authMail } from '@bedriftstorget/core/texts/nb';
import { BUNDLE_DIR, buildFunctionBundles, type FunctionBundle } from '../../infra/lambda/build';
import { startPlanetscaleDouble, type PlanetscaleDouble } from '../../infra/local/planetscale/server';
import { APP_URL, lambdaEnvironment, ORIGIN_SECRET, scheduledEvent, startBundle, urlEvent, type LambdaResult, type RunningBundle } from '../setup/lambda';
import { testDatabaseUrl } from '../setup/test-db';
import { DEPLOY_SETTINGS } from '../../stacks/stage-settings';
import { startFakeAws, type FakeAws } from './fake-aws';
import { createHarness, db, randomIp, signedInUser, slot, uniqueEmail } from './harness';

/**
 * The built Lambda and Cron bundles (esbuild as SST builds them, tests/unit/lambda-bundle.test.ts)
 * against a real database: PlanetScale's HTTP driver inside the bundle talks to the local stand-in
 * for PlanetScale's API (infra/local/planetscale) over this worker's MySQL database. The SES and S3
 * clients in the bundle are the real AWS SDK, sent to a local fake of those APIs (AWS_ENDPOINT_URL);
 * Ably is off (its secret is the placeholder). Each bundle runs in its own Node process, as a warm
 * Lambda instance: several invocations, one at a time.
 */
let planetscale: PlanetscaleDouble;
let aws: FakeAws;
let api: RunningBundle;
let cron: RunningBundle;

beforeAll(async () => {
  // Its own folder per worker, outside the repository: each function with only what the deploy ships
  // beside it, so mail and storage go through the SDK packages the deploy installs (decision 109).
  const built = await buildFunctionBundles(join(BUNDLE_DIR, `api-${slot}`), ['api', 'cron']);
  const bundle = (name: string) => built.find((b) => b.name === name) as FunctionBundle;
  planetscale = await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(slot) });
  aws = await startFakeAws();
  // scrypt at the cloud's lowest allowed cost (config.ts), so sign-up does not take seconds here.
  const env = lambdaEnvironment({ databaseUrl: planetscale.url, awsEndpoint: aws.url, scryptLogN: 14 });
  [api, cron] = await Promise.all([startBundle(bundle('api'), env), startBundle(bundle('cron'), env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.close(), cron?.close()]);
  await Promise.all([planetscale?.close(), aws?.close()]);
});

/** One request through CloudFront: the router's secret, the viewer's address, our own origin. */
async function call(path: string, options: { input?: unknown; mutation?: boolean; cookies?: string[]; ip: string }): Promise<LambdaResult> {
  const headers = { [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET, 'cloudfront-viewer-address': `${options.ip}:443`, 'content-type': 'application/json', origin: APP_URL };
  const event = options.mutation
    ? urlEvent({ method: 'POST', path: `/trpc/${path}`, headers, cookies: options.cookies, body: JSON.stringify(options.input ?? {}) })
    : urlEvent({ path: `/trpc/${path}`, query: `input=${encodeURIComponent(JSON.stringify(options.input ?? {}))}`, headers, cookies: options.cookies });
  const outcome = await api.invoke(event);
  if (!outcome.result) throw new Error(`the handler threw: ${outcome.error}\n${api.output()}`);
  return outcome.result;
}

const data = (result: LambdaResult): unknown => (JSON.parse(result.body!) as { result: { data: unknown } }).result.data;

/** The session cookie the browser would keep: `name=value` from the Set-Cookie line, with its attributes. */
function sessionCookie(result: LambdaResult): { pair: string; value: string; attributes: string[] } {
  const line = result.cookies?.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(result)}`);
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return { pair: pair!, value: pair!.slice(SESSION_COOKIE.length + 1), attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('the API bundle on the PlanetScale driver', () => {
  it('signs up, confirms, signs in and sends the cookie back: auth.me knows the user', async () => {
    const email = uniqueEmail('lambda');
    const password = 'hemmelig123';
    const ip = randomIp();

    const signUp = await call('auth.signUp', { mutation: true, input: { email, password, acceptTerms: true }, ip });
    expect([signUp.statusCode, data(signUp)]).toEqual([200, { ok: true }]);
    // The confirmation left through SES (the SDK's signed SendEmail request), from the domain's noreply address.
    const confirmation = aws.mails.find((m) => m.to.includes(email));
    expect(confirmation).toMatchObject({ from: 'noreply@bedriftstorget.no', subject: authMail.confirmSubject, configurationSet: 'mail-config' });
    expect(confirmation!.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=test/\\d{8}/${DEPLOY_SETTINGS.region}/ses/aws4_request`));
    const token = /\/auth\/bekreft\?token=([^\s&]+)/.exec(confirmation!.text)?.[1];
    expect(token, confirmation!.text).toBeTruthy();

    const confirmed = await call('auth.confirmEmail', { mutation: true, input: { token }, ip });
    expect([confirmed.statusCode, data(confirmed)]).toEqual([200, { ok: true }]);
    const first = sessionCookie(confirmed);
    expect(first.attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax']));

    const [user] = await db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    // The cookie names a session row for this user, written through the HTTP driver.
    expect(await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, first.value))).toEqual([{ userId: user!.id }]);

    const anonymous = await call('auth.me', { ip });
    expect([anonymous.statusCode, data(anonymous)]).toEqual([200, null]);
    const me = await call('auth.me', { cookies: [first.pair], ip });
    expect([me.statusCode, data(me)]).toEqual([200, { id: user!.id, email, fullName: null, isAdmin: false }]);

    // A second sign-in: a new session, and its cookie works too.
    const signIn = await call('auth.signIn', { mutation: true, input: { email, password }, ip });
    expect(signIn.statusCode).toBe(200);
    const second = sessionCookie(signIn);
    expect(second.value).not.toBe(first.value);
    const again = await call('auth.me', { cookies: [second.pair], ip });
    expect(data(again)).toMatchObject({ id: user!.id, email });

    // Signing out ends that session in the database; its cookie then gets nothing.
    const signOut = await call('auth.signOut', { mutation: true, cookies: [second.pair], ip });
    expect(signOut.statusCode).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.id, second.value))).toEqual([]);
    expect(data(await call('auth.me', { cookies: [second.pair], ip }))).toBeNull();
  }, 120_000);
});

describe('a mutation through the Lambda', () => {
  it('decodes the base64 body, counts the call against its rate limits, and reaches the input validation', async () => {
    const result = await call('auth.signUp', { mutation: true, input: { email: 'ikke-en-adresse', password: 'hemmelig1', acceptTerms: true }, ip: randomIp() });
    expect(result.statusCode).toBe(400);
    expect((JSON.parse(result.body!) as { error: { message: string } }).error.message).toBe(authTexts.emailInvalid);
  });
});

describe('the API bundle\'s log', () => {
  it('one JSON line per request under the invocation\'s request id, with the HTTP driver\'s round trips (docs/decisions/073)', async () => {
    const from = api.output().length;
    const lines = () => api.output().slice(from).split('\n').filter((line) => line.startsWith('{"type":"request"')).map((line) => JSON.parse(line) as Record<string, unknown>);
    const ip = randomIp();
    await call('auth.me', { cookies: [`${SESSION_COOKIE}=ukjent-sesjon`], ip });
    await call('auth.signUp', { mutation: true, input: { email: uniqueEmail('logg'), password: '1', acceptTerms: true }, ip });
    // The child's stdout can arrive after its answer over IPC: wait for both lines.
    await vi.waitFor(() => expect(lines()).toHaveLength(2));
    const [me, refused] = lines();
    expect(me).toMatchObject({ requestId: expect.stringMatching(/^lambda-request-\d+$/) as unknown, route: 'trpc', procedures: ['auth.me'], status: 200 });
    // The unknown session was looked up: one HTTP call to PlanetScale's API.
    expect(me!.dbRoundTrips).toBe(1);
    expect(refused).toMatchObject({ method: 'POST', procedures: ['auth.signUp'], status: 400, errors: [{ procedure: 'auth.signUp', code: 'BAD_REQUEST' }] });
  }, 60_000);
});

describe('the PDF worker inside the API bundle', () => {
  it('checks an upload and stamps a download in the worker the bundle carries, from the function\'s own folder', async () => {
    const seller = await signedInUser(createHarness());
    const cookies = [`${SESSION_COOKIE}=${seller.browser.sessionId!}`];
    const listingId = await createListing(seller.userId, { status: 'active' });
    const pending = async (bytes: Uint8Array) => {
      const storageKey = `document-uploads/${listingId}/${crypto.randomUUID()}.pdf`;
      aws.bodies.set(`documents-bucket/${storageKey}`, bytes);
      const [row] = await db.insert(listingDocuments).values({ listingId, ownerId: seller.userId, storageKey, title: 'Årsregnskap', fileName: 'a.pdf' }).$returningId();
      return row!.id;
    };
    const doc = await pdfLib.PDFDocument.create();
    for (let i = 0; i < 2; i += 1) doc.addPage().drawText(`Årsregnskap side ${i + 1}`, { x: 50, y: 700, size: 12 });
    const good = await pending(await doc.save());
    const confirmed = await call('dataRoom.confirmUpload', { mutation: true, input: { documentId: good }, cookies, ip: randomIp() });
    expect(confirmed.statusCode, `${confirmed.body}\n${api.output()}`).toBe(200);
    expect(data(confirmed)).toMatchObject({ pages: 2 });

    const hostile = (await hostileCorpus()).find((item) => item.name.includes('#4aava#53cript'))!;
    const refused = await call('dataRoom.confirmUpload', { mutation: true, input: { documentId: await pending(hostile.bytes) }, cookies, ip: randomIp() });
    expect([refused.statusCode, (JSON.parse(refused.body!) as { error: { message: string } }).error.message]).toEqual([400, dataRoomTexts.hasScripts]);

    const download = await call('dataRoom.download', { mutation: true, input: { documentId: good }, cookies, ip: randomIp() });
    expect(download.statusCode, api.output()).toBe(200);
    const key = new URL((data(download) as { url: string }).url).pathname.replace(/^\/documents-bucket\//, '');
    expect(key).toMatch(new RegExp(`^stamped/${seller.userId}/${good}/`));
    const stamped = aws.bodies.get(`documents-bucket/${key}`)!;
    const copy = await pdfLib.PDFDocument.load(stamped);
    expect(copy.getPageCount()).toBe(2);
    expect(findActiveAnywhere(pdfLib, copy.context, true)).toEqual([]);
    expect(await db.select().from(documentDownloads).where(eq(documentDownloads.documentId, good))).toHaveLength(1);
    expect(aws.unexpected).toEqual([]);
    // The confirm deleted its upload key: not the Cron's doing, so not left for its test to count.
    aws.deleted.length = 0;
  }, 120_000);
});

describe('the Cron bundle on the PlanetScale driver', () => {
  it('runs every scheduled step: sends a due draft reminder, prunes expired sessions, stale uploads and old stamped copies', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const guest = uniqueEmail('utkast');
    const reminderId = crypto.randomUUID();
    await db.insert(draftReminders).values({ id: reminderId, email: guest, title: 'Kafé i sentrum', remindAfter: hourAgo });
    const userId = crypto.randomUUID();
    await db.insert(users).values({ id: userId, email: uniqueEmail('cron'), emailVerified: true });
    const expiredSession = `expired-${crypto.randomUUID()}`;
    await db.insert(sessions).values({ id: expiredSession, userId, expiresAt: hourAgo });
    const uploadKey = `uploads/${userId}/${crypto.randomUUID()}.jpg`;
    const uploadId = crypto.randomUUID();
    await db.insert(uploads).values({ id: uploadId, userId, listingId: crypto.randomUUID(), storageKey: uploadKey, contentType: 'image/jpeg', createdAt: twoDaysAgo });

    // The data room's stamped copies (decision 097): the one past its hour goes, the fresh one stays.
    aws.objects['documents-bucket'] = [{ key: 'stamped/gammel.pdf', modified: twoDaysAgo }, { key: 'stamped/ny.pdf', modified: new Date() }];

    const run = await cron.invoke(scheduledEvent());
    expect(run, cron.output()).toEqual({ result: null });

    // The reminder: claimed in the database and mailed through SES, without the visitor's own text.
    const [reminder] = await db.select({ sentAt: draftReminders.sentAt }).from(draftReminders).where(eq(draftReminders.id, reminderId));
    expect(reminder!.sentAt).toBeInstanceOf(Date);
    const mails = aws.mails.filter((m) => m.to.includes(guest));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'noreply@bedriftstorget.no', subject: reviewMail.reminderSubject });
    expect(mails[0]!.text).toContain(`${APP_URL}/legg-ut-annonse`);
    expect(mails[0]!.text).not.toContain('Kafé i sentrum');
    // Housekeeping and the stale upload: rows gone, the object deleted from the bucket through S3's API.
    expect(await db.select().from(sessions).where(eq(sessions.id, expiredSession))).toEqual([]);
    expect(await db.select().from(uploads).where(eq(uploads.id, uploadId))).toEqual([]);
    expect(aws.deleted).toContainEqual({ bucket: 'images-bucket', key: uploadKey });
    expect(aws.deleted.filter((d) => d.bucket === 'documents-bucket')).toEqual([{ bucket: 'documents-bucket', key: 'stamped/gammel.pdf' }]);

    // A second run finds the reminder claimed: no second mail.
    expect(await cron.invoke(scheduledEvent())).toEqual({ result: null });
    expect(aws.mails.filter((m) => m.to.includes(guest))).toHaveLength(1);
    expect(aws.unexpected).toEqual([]);
  }, 120_000);
});
