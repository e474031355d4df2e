/**
 * The browser's report of an error it could not handle (docs/decisions/073): what the web app sends
 * (packages/web/src/app/error-reporting.ts) and the API checks and logs (packages/api/src/http/client-error.ts).
 * No imports, so the web app's first load takes only these few constants.
 */

/** Under /trpc, so the CloudFront router sends it to the API function with the tRPC calls; not a tRPC procedure (a plain POST is smaller to send from a failing page). */
export const CLIENT_ERROR_PATH = '/trpc/klientfeil';

/** What caught it: the window's 'error' or 'unhandledrejection' event, or React's error boundary. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandledrejection', 'react'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The browser cuts its report to these lengths; the API refuses anything longer. */
export const CLIENT_ERROR_LIMITS = {
  message: 500,
  stack: 4000,
  path: 300,
  /** The whole JSON body: the fields above with room for escapes. */
  bodyBytes: 16 * 1024,
} as const;

/** Only these fields: never the query string, form values, the user or the address (the API adds the user agent). */
export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  stack?: string;
  /** location.pathname: public paths like /bedrift/123, never the query. */
  path: string;
}
