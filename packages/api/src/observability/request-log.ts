import { randomUUID } from 'node:crypto';
import { runInRequestScope, type RequestScope } from './request-scope';

/**
 * One JSON line per request (docs/decisions/073), written by both runtimes: CloudWatch Logs
 * Insights finds its fields by itself (the first JSON in a Lambda log event), and locally it is one
 * line in the terminal. Never the query string, body, cookies or address: procedures and codes only,
 * and for a 5xx the error's message and stack, which stay on the server.
 */
export interface RequestLogLine {
  type: 'request';
  requestId: string;
  /** Which handler answered: tRPC (and the plain paths under /trpc), or the listing pages and sitemap. */
  route: 'trpc' | 'seo';
  method: string;
  /** tRPC's procedures (a batch has several), or the plain path's last segment. */
  procedures?: string[];
  /** The SEO routes' path (public pages only: /bedrift/…, /sitemap.xml). */
  path?: string;
  status: number;
  durationMs: number;
  dbRoundTrips: number;
  /** Of those, the longest chain sent one after another: the waits (decision 078). */
  dbRoundTripsInTurn: number;
  userId?: string;
  errors?: LoggedError[];
}

export interface LoggedError {
  procedure?: string;
  code: string;
  /** Only for 5xx: the cause chain's messages (query parameters left out) and its stack frames. */
  message?: string;
  stack?: string;
}

export interface RequestFacts {
  requestId?: string;
  route: RequestLogLine['route'];
  method: string;
  procedures?: string[];
  path?: string;
}

/** The codes whose cause is ours to fix, so their message and stack are logged. */
const SERVER_FAULTS = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);
const MAX_PROCEDURES = 25;
const MAX_NAME = 100;
const MAX_CAUSES = 5;
const MAX_PATH = 300;

/** The procedures of a tRPC path (`/trpc/a.b,c.d`), capped so a junk path cannot make a huge line. */
export function proceduresOf(pathname: string, endpoint: string): string[] {
  const rest = pathname.startsWith(`${endpoint}/`) ? pathname.slice(endpoint.length + 1) : '';
  return rest ? rest.split(',').slice(0, MAX_PROCEDURES).map((name) => name.slice(0, MAX_NAME)) : [];
}

/**
 * Drizzle's DrizzleQueryError puts the failed query's parameters in its message: session ids,
 * addresses, password hashes. The SQL alone says enough. (Its `name` is plain 'Error'; it is known
 * by its `query` and `params`.)
 */
function messageOf(error: Error): string {
  const { query, params } = error as { query?: unknown; params?: unknown };
  if (typeof query === 'string' && Array.isArray(params)) return `Failed query: ${query}`;
  return error.message;
}

function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

const nameOf = (error: Error) => (error.name === 'Error' && error.constructor.name !== 'Object' ? error.constructor.name : error.name);

/** The cause chain as one message, and the stack frames of the first error that is not tRPC's wrapper. */
export function describeCause(cause: unknown): { message: string; stack?: string } {
  const messages: string[] = [];
  let stack: string | undefined;
  let e: unknown = cause;
  for (let depth = 0; e !== undefined && e !== null && depth < MAX_CAUSES; depth += 1) {
    if (!(e instanceof Error)) {
      // Something thrown that is not an Error (a string, an object): its JSON says what it is.
      messages.push(typeof e === 'string' ? e : jsonOf(e));
      break;
    }
    messages.push(`${nameOf(e)}: ${messageOf(e)}`);
    // Frames only: the stack's first lines repeat the message, with the parameters this leaves out.
    if (stack === undefined && nameOf(e) !== 'TRPCError' && e.stack) stack = e.stack.split('\n').filter((line) => line.startsWith('    at ')).join('\n');
    e = e.cause;
  }
  return { message: messages.join(' ← '), ...(stack ? { stack } : {}) };
}

function loggedErrors(scope: RequestScope): LoggedError[] {
  return scope.errors.map(({ procedure, code, cause }) => ({
    ...(procedure ? { procedure } : {}),
    code,
    ...(SERVER_FAULTS.has(code) ? describeCause(cause) : {}),
  }));
}

type Sink = (text: string, failed: boolean) => void;
const consoleSink: Sink = (text, failed) => (failed ? console.error(text) : console.log(text));
/**
 * Straight to stdout and stderr, one line each, around Lambda's console: the Node runtime writes
 * each console call as `time<TAB>requestId<TAB>LEVEL<TAB>message`, a log event that is not JSON, so
 * the JSON metric filters behind `api-5xx` and `client-errors` (stacks/alarm-definitions.ts) would
 * never match it. A plain line is one log event of pure JSON (decision 111).
 */
export const rawSink: Sink = (text, failed) => void (failed ? process.stderr : process.stdout).write(`${text}\n`);
let sink: Sink = consoleSink;

/**
 * Where the lines go: the console (stderr for a server fault) locally, the raw streams in Lambda
 * (its entry points set `rawSink`), or a tool that sends thousands of requests a second (the bench:
 * a terminal write per request would be what it measures).
 */
export function setRequestLogSink(next: Sink | null): void {
  sink = next ?? consoleSink;
}

/** One JSON line of the logs (a request's, a browser's report) through the sink. */
export function writeLogLine(text: string, failed: boolean): void {
  sink(text, failed);
}

function write(line: RequestLogLine): void {
  sink(JSON.stringify(line), line.status >= 500 || line.errors?.some((error) => error.message !== undefined) === true);
}

/**
 * Runs one request in its own scope (round trips, user, errors) and writes its line when the
 * answer is ready. A handler that throws is logged as a 500 with its cause, then rethrown for the
 * host to answer as it always has.
 */
export async function observeRequest<Answer extends { status: number }>(facts: RequestFacts, handle: (scope: RequestScope) => Promise<Answer>): Promise<Answer> {
  const started = performance.now();
  const { requestId = randomUUID(), path, ...rest } = facts;
  return runInRequestScope(async (scope) => {
    const finish = (status: number) => {
      const errors = loggedErrors(scope);
      write({
        type: 'request',
        requestId,
        ...rest,
        ...(path === undefined ? {} : { path: path.slice(0, MAX_PATH) }),
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        dbRoundTrips: scope.dbRoundTrips,
        dbRoundTripsInTurn: scope.dbRoundTripsInTurn,
        ...(scope.userId ? { userId: scope.userId } : {}),
        ...(errors.length ? { errors } : {}),
      });
    };
    try {
      const response = await handle(scope);
      finish(response.status);
      return response;
    } catch (error) {
      scope.errors.push({ code: 'INTERNAL_SERVER_ERROR', cause: error });
      finish(500);
      throw error;
    }
  });
}

/** The line for a request its host refused before the handler saw it (no origin secret, a body past the cap). */
export function logRefusal(facts: RequestFacts, answer: Response | number): Promise<Response> {
  const response = typeof answer === 'number' ? new Response(null, { status: answer }) : answer;
  return observeRequest(facts, () => Promise.resolve(response));
}
