import type { Session, User } from 'lucia';
import type { CompanyRegistry } from './adapters/company-registry';
import type { Mailer } from './adapters/mailer';
import type { ImageStorage } from './adapters/storage';
import type { GoogleOAuth } from './auth/google';
import type { VippsLogin } from './auth/vipps';
import { bindAuth, type Auth } from './auth/lucia';
import type { Config } from './config';
import { bindToRequest } from './db/bind';
import type { Database } from './db/client';
import type { RoundTripCounter } from './observability/request-scope';
import type { Realtime } from './realtime/publisher';

/** Long-lived adapters, chosen once from configuration by each runtime's entry point. */
export interface Services {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  storage: ImageStorage;
  /** The data room's private bucket (decision 097): the same adapter, another bucket, no public path. */
  documents: ImageStorage;
  google: GoogleOAuth | null;
  /** Vipps Login (decision 119): the real Vipps in the cloud, the local Vipps on a laptop and in tests. */
  vipps: VippsLogin | null;
  realtime: Realtime;
  /** Enhetsregisteret (decision 094). */
  registry: CompanyRegistry;
}

/**
 * The services as one request sees them: `db` (and Lucia over it) bound to the request, so every
 * statement its code sends counts for it (db/bind.ts, decision 143). Jobs and the ops CLI use the
 * services as they are.
 */
export function requestServices(services: Services, counter: RoundTripCounter): Services {
  const db = bindToRequest(services.db, counter);
  return db === services.db ? services : { ...services, db, auth: bindAuth(services.auth, db) };
}

/** The per-request part that tests can build without HTTP. */
export interface InnerContextInput {
  session: Session | null;
  user: User | null;
  ip: string;
  /** Request cookies by name. */
  cookies: Record<string, string>;
  /** Response headers (Set-Cookie) collected by procedures. */
  resHeaders: Headers;
}

export type Context = Services & InnerContextInput;

export function createInnerContext(services: Services, input: InnerContextInput): Context {
  return { ...services, ...input };
}

export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      cookies[name] = part.slice(index + 1).trim();
    }
  }
  return cookies;
}

/**
 * Reads the session cookie; refreshes it (sliding expiry) or clears it when it is no longer valid.
 * `req` is a Fetch Request or only its headers (a query batch answered directly, decision 154).
 * `asVisitor`: the cookies are not read at all, as if none were sent (a public batch, http/handler.ts).
 */
export async function createRequestContext(services: Services, req: { headers: Pick<Headers, 'get'> }, resHeaders: Headers, ip: string, asVisitor = false): Promise<Context> {
  const cookies = asVisitor ? {} : parseCookies(req.headers.get('cookie'));
  const sessionId = cookies[services.auth.sessionCookieName] ?? null;
  let session: Session | null = null;
  let user: User | null = null;
  if (sessionId) {
    const result = await services.auth.validateSession(sessionId);
    session = result.session;
    user = result.user;
    if (session?.fresh) resHeaders.append('Set-Cookie', services.auth.createSessionCookie(session.id).serialize());
    if (!session) resHeaders.append('Set-Cookie', services.auth.createBlankSessionCookie().serialize());
  }
  return createInnerContext(services, { session, user, ip, cookies, resHeaders });
}
