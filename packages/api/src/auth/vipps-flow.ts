import { TRPCError } from '@trpc/server';
import { vippsTexts as texts } from '@bedriftstorget/core/texts/vipps';
import { consent } from '@bedriftstorget/core/texts/privacy';
import type { Context } from '../context';
import { setHttpOnlyCookie } from './session';
import { VIPPS_CALLBACK_PATH, type VippsChecks, type VippsIdentity } from './vipps';
import { enforceLimit } from './rate-limit';
import { RATE_LIMITS } from './rate-limit-rules';

/**
 * The browser's half of a Vipps round trip (decision 119): state, nonce and the PKCE verifier wait
 * in one httpOnly cookie for ten minutes, with what the round trip is for ('login' or 'verify', and
 * then for which account) and the consent box. The callback reads the cookie once and clears it
 * whatever happens, so a callback URL opened again (replayed) finds nothing and is refused.
 */
export const VIPPS_FLOW_COOKIE = 'bt_vipps_flow';
const FLOW_SECONDS = 10 * 60;

export type VippsIntent = 'login' | 'verify';

interface Flow extends VippsChecks {
  intent: VippsIntent;
  /** For 'verify': the account that asked; the callback must come back to it. */
  userId: string | null;
  /** The consent version ticked before a first sign-in, or ''. */
  consent: string;
}

const failed = () => new TRPCError({ code: 'BAD_REQUEST', message: texts.failed });

export async function startVipps(ctx: Context, intent: VippsIntent, acceptTerms: boolean): Promise<{ url: string }> {
  if (!ctx.vipps) throw new TRPCError({ code: 'NOT_FOUND', message: texts.unavailable });
  if (intent === 'verify' && !ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: texts.failed });
  await enforceLimit(ctx, RATE_LIMITS.vippsPerNetwork);
  let started;
  try {
    started = await ctx.vipps.start();
  } catch (error) {
    console.error('Vipps discovery failed', error);
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: texts.unavailable });
  }
  const flow: Flow = { ...started.checks, intent, userId: intent === 'verify' ? ctx.user!.id : null, consent: acceptTerms ? consent.version : '' };
  setHttpOnlyCookie(ctx, VIPPS_FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), FLOW_SECONDS);
  return { url: started.url };
}

function readFlow(cookie: string | undefined): Flow | null {
  if (!cookie) return null;
  try {
    const flow = JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8')) as Partial<Flow>;
    const strings = [flow.state, flow.nonce, flow.codeVerifier, flow.consent].every((value) => typeof value === 'string');
    if (!strings || (flow.intent !== 'login' && flow.intent !== 'verify')) return null;
    return flow as Flow;
  } catch {
    return null;
  }
}

/**
 * The callback's checks: the cookie (once), Vipps's own error (the person pressed 'Avbryt'), then
 * openid-client's — state, the code exchange with the PKCE verifier, the ID token's signature,
 * issuer, audience, expiry and nonce, and userinfo for the same `sub`. Any failure: one message.
 */
export async function finishVipps(ctx: Context, search: string): Promise<{ flow: Flow; identity: VippsIdentity }> {
  const flow = readFlow(ctx.cookies[VIPPS_FLOW_COOKIE]);
  setHttpOnlyCookie(ctx, VIPPS_FLOW_COOKIE, '', 0);
  await enforceLimit(ctx, RATE_LIMITS.vippsPerNetwork);
  if (!ctx.vipps || !flow) throw failed();
  const params = new URLSearchParams(search);
  if (params.get('error') === 'access_denied') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.cancelled });
  const callbackUrl = new URL(`${ctx.config.appUrl}${VIPPS_CALLBACK_PATH}`);
  callbackUrl.search = params.toString();
  try {
    return { flow, identity: await ctx.vipps.finish(callbackUrl, flow) };
  } catch (error) {
    console.error('Vipps callback refused', error instanceof Error ? `${error.name}: ${error.message}` : error);
    throw failed();
  }
}
