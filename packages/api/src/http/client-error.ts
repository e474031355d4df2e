import { TRPCError } from '@trpc/server';
import * as z from 'zod';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from '@bedriftstorget/core/monitoring/client-error';
import { clientErrorTexts as texts } from '@bedriftstorget/core/texts/monitoring';
import { hit, scaledLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { networkKey } from './network';
import type { Services } from '../context';
import { RETRY_AFTER_SECONDS } from './guard';
import { asUnavailable } from '../db/unavailable';
import { writeLogLine } from '../observability/request-log';
import type { RequestScope } from '../observability/request-scope';

export { CLIENT_ERROR_PATH } from '@bedriftstorget/core/monitoring/client-error';

/** Per network (RATE_LIMITS.clientErrorsPerNetwork). */
export const CLIENT_ERROR_RULE = RATE_LIMITS.clientErrorsPerNetwork;
const USER_AGENT_MAX = 300;

const reportSchema = z.strictObject({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  path: z.string().startsWith('/').max(CLIENT_ERROR_LIMITS.path),
});

/** What is logged of a report: nothing about who sent it. */
export interface ClientErrorLogLine {
  type: 'client-error';
  requestId: string;
  kind: (typeof CLIENT_ERROR_KINDS)[number];
  message: string;
  stack?: string;
  path: string;
  userAgent: string;
}

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

async function readCapped(req: Request): Promise<string | null> {
  if (Number(req.headers.get('content-length') ?? '0') > CLIENT_ERROR_LIMITS.bodyBytes) return null;
  const body = await req.arrayBuffer();
  return body.byteLength > CLIENT_ERROR_LIMITS.bodyBytes ? null : new TextDecoder().decode(body);
}

function parseReport(body: string) {
  try {
    return reportSchema.safeParse(JSON.parse(body));
  } catch {
    return null;
  }
}

/**
 * POST from the web app's error reporter: one report of an error the page could not handle, logged
 * as one JSON line (the path without its query, the user agent; no user, no address). 204 when
 * logged; junk 400, oversized 413, past the limit 429 — none of them logged.
 */
export async function handleClientError(services: Pick<Services, 'db' | 'config'>, req: Request, ip: string, requestId: string, scope: RequestScope): Promise<Response> {
  if (req.method !== 'POST') return plain(405, texts.method, { allow: 'POST' });
  const body = await readCapped(req);
  if (body === null) return plain(413, texts.tooLarge);
  const parsed = parseReport(body);
  if (!parsed?.success) return plain(400, texts.invalid);
  const rule = { ...CLIENT_ERROR_RULE, limit: scaledLimit(CLIENT_ERROR_RULE, services.config) };
  try {
    if (!(await hit(services.db, rule, networkKey(ip)))) return plain(429, rule.message, { 'retry-after': String(rule.windowMs / 1000) });
  } catch (error) {
    const unavailable = asUnavailable(error);
    if (!(unavailable instanceof TRPCError && unavailable.code === 'SERVICE_UNAVAILABLE')) throw error;
    scope.errors.push({ code: unavailable.code, cause: error });
    return plain(503, unavailable.message, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
  const { kind, message, stack, path } = parsed.data;
  const line: ClientErrorLogLine = {
    type: 'client-error',
    requestId,
    kind,
    message,
    ...(stack ? { stack } : {}),
    // A path is all the report may carry: whatever follows '?' or '#' is cut, in case a client sent it.
    path: path.split(/[?#]/, 1)[0]!,
    userAgent: (req.headers.get('user-agent') ?? '').slice(0, USER_AGENT_MAX),
  };
  // stdout: a report is information about a browser, not a failure of this server (those go to stderr).
  writeLogLine(JSON.stringify(line), false);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
