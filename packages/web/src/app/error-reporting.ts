import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_PATH, type ClientErrorKind, type ClientErrorReport } from '@bedriftstorget/core/monitoring/client-error';
import { reloadForNewBuild, reloadingForNewBuild } from './stale-build';

/** A page caught in a loop of errors is one problem: a few different messages per page load at most. */
const MAX_REPORTS_PER_PAGE = 5;
const reported = new Set<string>();

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: typeof error === 'string' ? error : Object.prototype.toString.call(error) };
}

/**
 * Sends one report to the API's log (docs/decisions/073): the error's message and stack, the
 * path without its query, nothing typed into the page. `keepalive` lets it leave while the page closes.
 */
export function reportError(kind: ClientErrorKind, error: unknown, componentStack?: string): void {
  if (reloadingForNewBuild() || reported.size >= MAX_REPORTS_PER_PAGE) return;
  const { message, stack } = describe(error);
  if (!message || reported.has(message)) return;
  reported.add(message);
  const fullStack = [stack, componentStack].filter(Boolean).join('\n');
  const report: ClientErrorReport = {
    kind,
    message: message.slice(0, CLIENT_ERROR_LIMITS.message),
    path: window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.path),
    ...(fullStack ? { stack: fullStack.slice(0, CLIENT_ERROR_LIMITS.stack) } : {}),
  };
  void fetch(CLIENT_ERROR_PATH, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) }).catch(() => {});
}

/** Errors no code caught: thrown in an event handler or timer, or a promise nobody awaited. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    // "Script error." (another origin's script hides its error) carries nothing to act on, and a
    // browser extension's script is not ours.
    if (event.error === null || event.error === undefined) return;
    if (event.filename && !event.filename.startsWith(window.location.origin)) return;
    reportError('error', event.error);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (!reloadForNewBuild(event.reason)) reportError('unhandledrejection', event.reason);
  });
}
