import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createGoogleOAuth } from '@bedriftstorget/api/auth/google';
import { hashPassword, verifyPassword } from '@bedriftstorget/api/auth/password';
import { windowKey } from '@bedriftstorget/api/auth/rate-limit';
import { loadCloudConfig, loadLocalConfig } from '@bedriftstorget/api/config';
import { connectDatabase } from '@bedriftstorget/api/db/connect';
import { affectedRows } from '@bedriftstorget/api/db/client';
import { isAllowedOrigin } from '@bedriftstorget/api/http/handler';
import { lambdaEventToRequest, responseToLambdaResult, viewerIp } from '@bedriftstorget/api/http/lambda';
import { parseCookies } from '@bedriftstorget/api/context';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong or tampered one', async () => {
    const hash = await hashPassword('hemmelig1', 10);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('hemmelig1', hash)).toBe(true);
    expect(await verifyPassword('hemmelig2', hash)).toBe(false);
    expect(await verifyPassword('hemmelig1', hash.slice(0, -4) + 'AAAA')).toBe(false);
    expect(await verifyPassword('hemmelig1', 'bcrypt$whatever')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('samme', 10)).not.toBe(await hashPassword('samme', 10));
  });
});

describe('rate-limit windows', () => {
  it('keys hits by rule, subject and window', () => {
    const rule = { name: 'r', limit: 1, windowMs: 60_000 };
    const a = windowKey(rule, 'x', 120_000);
    expect(a).toEqual({ key: 'r:x:2', windowStart: new Date(120_000) });
    expect(windowKey(rule, 'x', 179_999).key).toBe(a.key);
    expect(windowKey(rule, 'x', 180_000).key).not.toBe(a.key);
  });
});

describe('configuration', () => {
  it('has working defaults for a local machine', () => {
    const config = loadLocalConfig({});
    expect(config).toMatchObject({ appUrl: 'http://localhost:3000', secureCookies: false, databaseUrl: 'mysql://root@127.0.0.1:3306/bedriftstorget', scryptLogN: 17, google: null });
  });

  it('names the wrong variable', () => {
    expect(() => loadLocalConfig({ PORT: 'tre tusen' })).toThrow(/PORT/);
    expect(() => loadLocalConfig({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadLocalConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('uses Secure cookies for anything but plain-http localhost', () => {
    expect(loadLocalConfig({ APP_URL: 'https://bedriftstorget.no' }).secureCookies).toBe(true);
    expect(loadLocalConfig({ PORT: '3100' }).appUrl).toBe('http://localhost:3100');
  });

  it('is indexable locally unless INDEXABLE=false, and in the cloud only when the stack says so', () => {
    expect(loadLocalConfig({}).indexable).toBe(true);
    expect(loadLocalConfig({ INDEXABLE: 'false' }).indexable).toBe(false);
    const resources = { databaseUrl: 'mysql://x', imageBucket: 'b', mailFrom: 'a@b.no', googleClientId: 'placeholder', googleClientSecret: 'placeholder' };
    expect(loadCloudConfig(resources, { APP_URL: 'https://x.cloudfront.net' }).indexable).toBe(false);
    expect(loadCloudConfig(resources, { APP_URL: 'https://x.cloudfront.net', INDEXABLE: 'false' }).indexable).toBe(false);
    expect(loadCloudConfig(resources, { APP_URL: 'https://bedriftstorget.no', INDEXABLE: 'true' }).indexable).toBe(true);
    expect(() => loadCloudConfig(resources, { APP_URL: 'https://x.no', INDEXABLE: 'ja' })).toThrow(/INDEXABLE/);
  });

  it('turns Google off in the cloud while its secrets are placeholders', () => {
    const resources = { databaseUrl: 'mysql://x', imageBucket: 'b', mailFrom: 'a@b.no', googleClientId: 'placeholder', googleClientSecret: 'placeholder' };
    expect(loadCloudConfig(resources, { APP_URL: 'https://x.cloudfront.net/' })).toMatchObject({ google: null, secureCookies: true, appUrl: 'https://x.cloudfront.net' });
    expect(loadCloudConfig({ ...resources, googleClientId: 'id', googleClientSecret: 's' }, { APP_URL: 'https://x.no' }).google).toEqual({ clientId: 'id', clientSecret: 's' });
    expect(() => loadCloudConfig(resources, {})).toThrow(/APP_URL/);
  });

  it('picks the database driver: mysql2 locally unless DATABASE_DRIVER says planetscale, always planetscale in the cloud', async () => {
    expect(loadLocalConfig({}).databaseDriver).toBe('mysql2');
    expect(loadLocalConfig({ DATABASE_DRIVER: 'planetscale' }).databaseDriver).toBe('planetscale');
    expect(() => loadLocalConfig({ DATABASE_DRIVER: 'postgres' })).toThrow(/DATABASE_DRIVER/);
    const resources = { databaseUrl: 'mysql://x', imageBucket: 'b', mailFrom: 'a@b.no', googleClientId: 'placeholder', googleClientSecret: 'placeholder' };
    expect(loadCloudConfig(resources, { APP_URL: 'https://x.no' }).databaseDriver).toBe('planetscale');
    // The start-up line names the driver and where it connects, never the password.
    const mysql = connectDatabase('mysql2', 'mysql://root:hemmelig@127.0.0.1:3306/bedriftstorget');
    expect(mysql.description).toBe('mysql2 127.0.0.1:3306/bedriftstorget');
    await mysql.close();
    expect(connectDatabase('planetscale', 'mysql://user:pscale_pw_x@aws.connect.psdb.cloud/db').description).toBe('planetscale (http) https://aws.connect.psdb.cloud');
    expect(connectDatabase('planetscale', 'http://u:p@127.0.0.1:4100').description).toBe('planetscale (http) http://127.0.0.1:4100');
  });
});

describe('Google authorization URL (arctic, offline)', () => {
  it('asks for openid and e-mail with PKCE S256 and our callback', () => {
    const google = createGoogleOAuth('client-id', 'secret', 'https://bedriftstorget.no/auth/google/callback');
    const { url, state, codeVerifier } = google.start();
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('client-id');
    expect(url.searchParams.get('redirect_uri')).toBe('https://bedriftstorget.no/auth/google/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(codeVerifier.length).toBeGreaterThanOrEqual(43);
  });
});

describe('HTTP pieces', () => {
  it('accepts GET from anywhere and POST only from our origin', () => {
    const app = 'http://localhost:3000';
    expect(isAllowedOrigin(new Request(`${app}/trpc/x`), app)).toBe(true);
    expect(isAllowedOrigin(new Request(`${app}/trpc/x`, { method: 'POST', headers: { origin: app } }), app)).toBe(true);
    expect(isAllowedOrigin(new Request(`${app}/trpc/x`, { method: 'POST', headers: { origin: 'http://localhost:3001' } }), app)).toBe(false);
    expect(isAllowedOrigin(new Request(`${app}/trpc/x`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } }), app)).toBe(true);
    expect(isAllowedOrigin(new Request(`${app}/trpc/x`, { method: 'POST' }), app)).toBe(false);
  });

  it('parses cookies, keeping the first of a name', () => {
    expect(parseCookies('a=1; b=hei%20du; a=2; broken')).toEqual({ a: '1', b: 'hei du' });
    expect(parseCookies(null)).toEqual({});
  });

  it('reads affected rows from both drivers', () => {
    expect(affectedRows([{ affectedRows: 2 }, []])).toBe(2);
    expect(affectedRows({ rowsAffected: 3 })).toBe(3);
    expect(() => affectedRows(null)).toThrow();
  });
});

describe('Lambda function URL events', () => {
  const event = (overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 => ({
    version: '2.0', routeKey: '$default', rawPath: '/trpc/auth.signIn', rawQueryString: 'batch=1',
    headers: { 'content-type': 'application/json', origin: 'https://x.no' },
    cookies: ['bt_session=abc', 'other=1'],
    requestContext: { http: { method: 'POST', path: '/trpc/auth.signIn', protocol: 'HTTP/1.1', sourceIp: '1.2.3.4', userAgent: 'x' } } as APIGatewayProxyEventV2['requestContext'],
    body: Buffer.from('{"a":1}').toString('base64'), isBase64Encoded: true,
    ...overrides,
  });

  it('becomes a Request with path, query, cookies and decoded body', async () => {
    const request = lambdaEventToRequest(event(), 'https://x.no');
    expect(request.url).toBe('https://x.no/trpc/auth.signIn?batch=1');
    expect(request.method).toBe('POST');
    expect(request.headers.get('cookie')).toBe('bt_session=abc; other=1');
    expect(await request.text()).toBe('{"a":1}');
  });

  it('returns each Set-Cookie in cookies', async () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    const result = await responseToLambdaResult(new Response('{"ok":true}', { status: 201, headers }));
    expect(result).toMatchObject({ statusCode: 201, cookies: ['a=1; Path=/', 'b=2; Path=/'], body: '{"ok":true}' });
    expect(result.headers).not.toHaveProperty('set-cookie');
  });

  it('takes the viewer address from CloudFront, never from X-Forwarded-For', () => {
    expect(viewerIp(event({ headers: { 'cloudfront-viewer-address': '203.0.113.9:443', 'x-forwarded-for': '6.6.6.6' } }))).toBe('203.0.113.9');
    expect(viewerIp(event({ headers: { 'x-forwarded-for': '6.6.6.6' } }))).toBe('1.2.3.4');
  });
});
