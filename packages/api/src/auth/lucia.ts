import { DrizzleMySQLAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan } from 'lucia';
import { sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import type { Database } from '../db/client';

export const SESSION_COOKIE = 'bt_session';

/**
 * Lucia is no longer developed upstream, so it stays behind this module and `session.ts`:
 * nothing else imports it (docs/architecture.md, 'Conventions').
 */
export function createLucia(db: Database, secureCookies: boolean) {
  return new Lucia(new DrizzleMySQLAdapter(db, sessions, users), {
    // 30 days, sliding: Lucia extends a session used in its second half.
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE,
      expires: true,
      attributes: { secure: secureCookies, sameSite: 'lax' },
    },
    getUserAttributes: (attributes) => ({ email: attributes.email, emailVerified: attributes.emailVerified }),
  });
}

export type Auth = ReturnType<typeof createLucia>;

/**
 * `auth` over one request's database handle (db/bind.ts), so the session's statements count for the
 * request: the same Lucia (cookie settings and all) with its own adapter, no new instance.
 */
export function bindAuth(auth: Auth, db: Database): Auth {
  const bound = Object.create(auth) as Auth;
  (bound as unknown as { adapter: DrizzleMySQLAdapter }).adapter = new DrizzleMySQLAdapter(db, sessions, users);
  return bound;
}

declare module 'lucia' {
  interface Register {
    Lucia: Auth;
    DatabaseUserAttributes: { email: string; emailVerified: boolean };
  }
}
