import { TRPCError } from '@trpc/server';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { MAX_SAVED_SEARCHES } from '@bedriftstorget/core/saved-search/enums';
import { unsubscribeSchema } from '@bedriftstorget/core/saved-search/schemas';
import { hit, scaledLimit, windowKey } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import type { Services } from '../context';
import { networkKey } from '../http/network';
import { asUnavailable } from '../db/unavailable';
import { unsubscribe } from './searches';

export { UNSUBSCRIBE_PATH } from './paths';

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

const RULE = RATE_LIMITS.unsubscribePerNetwork;

/** Every POST counts against its network, valid or guessed: 429 with Retry-After past the limit. */
async function overLimit(services: Pick<Services, 'db' | 'config'>, ip: string): Promise<Response | null> {
  const now = Date.now();
  const subject = networkKey(ip);
  if (await hit(services.db, { ...RULE, limit: scaledLimit(RULE, services.config) }, subject, now)) return null;
  const { windowStart } = windowKey(RULE, subject, now);
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + RULE.windowMs - now) / 1000));
  return plain(429, RULE.message, { 'retry-after': String(retryAfter) });
}

/** The most tokens one address carries: a mail names at most all of a user's searches. */
const MAX_TOKENS = MAX_SAVED_SEARCHES;

/**
 * The header's one-click address. POST (the mail program's button) turns off the alert of every
 * search the mail named (one `t` per search, decision 089) and answers 'Varselet er slått av';
 * GET, which link checkers also send, changes nothing and goes to the page for the first search,
 * where the person's own click does it (the mail has a link per search as well).
 */
export async function handleOneClickUnsubscribe(services: Pick<Services, 'db' | 'config'>, req: Request, ip: string): Promise<Response> {
  const url = new URL(req.url);
  const tokens = url.searchParams.getAll('t');
  if (req.method === 'GET' || req.method === 'HEAD') {
    return new Response(null, { status: 303, headers: { location: `/varsel/av?t=${encodeURIComponent(tokens[0] ?? '')}`, 'cache-control': 'no-store' } });
  }
  if (req.method !== 'POST') return plain(405, texts.unsubscribeFailed);
  const limited = await overLimit(services, ip);
  if (limited) return limited;
  const parsed = tokens.map((token) => unsubscribeSchema.safeParse({ token }));
  if (parsed.length === 0 || parsed.length > MAX_TOKENS || parsed.some((p) => !p.success)) return plain(404, texts.unsubscribeFailed);
  try {
    let done = 0;
    for (const p of parsed) {
      try {
        await unsubscribe(services.db, p.data!.token);
        done += 1;
      } catch (error) {
        // A search deleted since the mail: the others still go off.
        if (!(error instanceof TRPCError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    return done > 0 ? plain(200, texts.unsubscribedTitle) : plain(404, texts.unsubscribeFailed);
  } catch (error) {
    const unavailable = asUnavailable(error);
    if (unavailable instanceof TRPCError && unavailable.code === 'SERVICE_UNAVAILABLE') return plain(503, unavailable.message);
    console.error('one-click unsubscribe failed', error);
    return plain(500, texts.unsubscribeFailed);
  }
}
