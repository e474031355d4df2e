import { describe, expect, it } from 'vitest';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { handler as lambdaHandler } from '@bedriftstorget/api/entry/lambda';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import { createHarness, uniqueEmail } from './harness';

const origin = 'http://localhost:3000';

function post(path: string, body: unknown, headers: Record<string, string> = { origin }) {
  return new Request(`${origin}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('the HTTP handler', () => {
  it('refuses a state-changing request from another origin, or with no origin at all', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    const foreign = await handleTrpc(h, post('auth.signUp', { email, password: 'hemmelig1', acceptTerms: true }, { origin: 'https://evil.example' }), '10.0.0.1');
    expect(foreign.status).toBe(403);
    const none = await handleTrpc(h, post('auth.signUp', { email, password: 'hemmelig1', acceptTerms: true }, {}), '10.0.0.1');
    expect(none.status).toBe(403);
    expect(h.mailer.to(email)).toHaveLength(0);
  });

  it('answers bad input with the Norwegian message and 400', async () => {
    const h = createHarness();
    const response = await handleTrpc(h, post('auth.signUp', { email: uniqueEmail(), password: '123', acceptTerms: true }), '10.0.0.2');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe(texts.passwordTooShort);
  });

  it('signs in over HTTP: a session cookie, marked no-store', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    await handleTrpc(h, post('auth.signUp', { email, password: 'hemmelig1', acceptTerms: true }), '10.0.0.3');
    const token = new URL(h.mailer.last(email).links[0]!).searchParams.get('token');
    const response = await handleTrpc(h, post('auth.confirmEmail', { token }), '10.0.0.3');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('bt_session='));
    expect(cookie).toMatch(/HttpOnly/);
    const me = await handleTrpc(h, new Request(`${origin}/trpc/auth.me`, { headers: { cookie: cookie!.split(';')[0]! } }), '10.0.0.3');
    expect(await me.json()).toMatchObject({ result: { data: { email } } });
  });

  it('exports a Lambda handler', () => {
    expect(typeof lambdaHandler).toBe('function');
  });
});
