import { describe, expect, it } from 'vitest';
import type { Context } from '@bedriftstorget/api/context';
import { setHttpOnlyCookie } from '@bedriftstorget/api/auth/session';

/** The short-lived cookies of the Google flow (auth/session.ts): never readable by scripts, Secure off localhost. */
function cookieOf(secureCookies: boolean, value: string, maxAge: number): string | null {
  const ctx = { config: { secureCookies }, resHeaders: new Headers() } as unknown as Context;
  setHttpOnlyCookie(ctx, 'bt_google_state', value, maxAge);
  return ctx.resHeaders.get('set-cookie');
}

describe('setHttpOnlyCookie', () => {
  it('writes an httpOnly, SameSite=Lax cookie for the whole site, Secure when the config says so', () => {
    expect(cookieOf(true, 'abc', 600)).toBe('bt_google_state=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=600; Secure');
    expect(cookieOf(false, 'abc', 600)).toBe('bt_google_state=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=600');
  });

  it('encodes the value, so it cannot add attributes of its own', () => {
    expect(cookieOf(false, 'a; Domain=evil.example', 0)).toBe('bt_google_state=a%3B%20Domain%3Devil.example; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
  });
});
