import type { Context } from '../context';

/** A new session on every sign-in (no fixation), written as the session cookie. */
export async function startSession(ctx: Context, userId: string): Promise<void> {
  const session = await ctx.auth.createSession(userId, {});
  ctx.resHeaders.append('Set-Cookie', ctx.auth.createSessionCookie(session.id).serialize());
}

export async function endSession(ctx: Context): Promise<void> {
  if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
  ctx.resHeaders.append('Set-Cookie', ctx.auth.createBlankSessionCookie().serialize());
}

export async function endAllSessions(ctx: Context, userId: string): Promise<void> {
  await ctx.auth.invalidateUserSessions(userId);
}

/** An httpOnly, SameSite=Lax cookie (Google state and verifier, the visitor id for view counts). */
export function setHttpOnlyCookie(ctx: Context, name: string, value: string, maxAgeSeconds: number): void {
  const secure = ctx.config.secureCookies ? '; Secure' : '';
  ctx.resHeaders.append('Set-Cookie', `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`);
}
