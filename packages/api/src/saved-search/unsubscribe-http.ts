import { TRPCError } from '@trpc/server';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { unsubscribeSchema } from '@bedriftstorget/core/saved-search/schemas';
import type { Services } from '../context';
import { asUnavailable } from '../db/unavailable';
import { unsubscribe } from './searches';

export { UNSUBSCRIBE_PATH } from './paths';

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * The header's one-click address. POST (the mail program's button) turns the alert off and
 * answers 'Varselet er slått av'; GET, which link checkers also send, changes nothing and goes to
 * the page, where the person's own click does it.
 */
export async function handleOneClickUnsubscribe(services: Pick<Services, 'db'>, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const token = url.searchParams.get('t') ?? '';
  if (req.method === 'GET' || req.method === 'HEAD') {
    return new Response(null, { status: 303, headers: { location: `/varsel/av?t=${encodeURIComponent(token)}`, 'cache-control': 'no-store' } });
  }
  if (req.method !== 'POST') return plain(405, texts.unsubscribeFailed);
  const parsed = unsubscribeSchema.safeParse({ token });
  if (!parsed.success) return plain(404, texts.unsubscribeFailed);
  try {
    await unsubscribe(services.db, parsed.data.token);
    return plain(200, texts.unsubscribedTitle);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND') return plain(404, texts.unsubscribeFailed);
    const unavailable = asUnavailable(error);
    if (unavailable instanceof TRPCError && unavailable.code === 'SERVICE_UNAVAILABLE') return plain(503, unavailable.message);
    console.error('one-click unsubscribe failed', error);
    return plain(500, texts.unsubscribeFailed);
  }
}
