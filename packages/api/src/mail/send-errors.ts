/**
 * What a failed send means for the outbox (decision 070). Only an answer from SES (an error
 * with an HTTP status) or a connection that never opened proves the mail was not accepted;
 * anything else — a time-out, a reset connection, a crash — may have been accepted, and
 * sending again could deliver it twice.
 */
export type SendFailure =
  /** SES's rate or daily quota: try again later, not counted as an attempt. */
  | 'throttled'
  /** SES answered no (an outage, an unverified MAIL FROM domain, a paused account): try again with back-off. */
  | 'refused'
  /**
   * SES cannot send it yet: the sender is not verified, or the account is in the sandbox and the
   * recipient is not a verified address. Both end by themselves (the verification link is clicked,
   * production access is granted), so the mail waits and is tried again, never given up (decision 110).
   */
  | 'unverified'
  /** SES answered no for this mail for good (bad input, a message SES will not take): never try again. */
  | 'rejected'
  /** No answer: the mail may have gone. Never sent again automatically. */
  | 'unknown';

const THROTTLING = new Set(['TooManyRequestsException', 'Throttling', 'ThrottlingException']);
const REJECTED = new Set(['MessageRejected', 'BadRequestException', 'NotFoundException']);
/**
 * What SES says in a MessageRejected for an identity it has not verified — the sender, or in the
 * sandbox every recipient: "Email address is not verified. The following identities failed the
 * check in region EU-CENTRAL-1: …". Its other MessageRejected answers (a message too long, a
 * header it refuses) stay permanent.
 */
const NOT_VERIFIED = /\b(email )?address (is )?not verified\b/i;
/** Errors from opening the connection: the request never reached SES. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

interface ErrorShape {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every error in the chain, outermost first. */
function chain(error: unknown): ErrorShape[] {
  const list: ErrorShape[] = [];
  let current = error as ErrorShape | undefined;
  while (current && typeof current === 'object' && list.length < 6) {
    list.push(current);
    current = current.cause as ErrorShape | undefined;
  }
  return list;
}

export function classifySendError(error: unknown): SendFailure {
  const links = chain(error);
  const names = links.map((link) => text(link.name));
  if (names.some((name) => THROTTLING.has(name))) return 'throttled';
  if (links.some((link) => text(link.name) === 'MessageRejected' && NOT_VERIFIED.test(text(link.message)))) return 'unverified';
  if (names.some((name) => REJECTED.has(name))) return 'rejected';
  if (links.some((link) => typeof link.$metadata?.httpStatusCode === 'number')) return 'refused';
  if (links.some((link) => NOT_CONNECTED.has(text(link.code)))) return 'refused';
  return 'unknown';
}

/** A short reason for the outbox row and the logs: the innermost error (the SDK's, under the adapter's wrapper). */
export function describeSendError(error: unknown): string {
  const inner = chain(error).at(-1) ?? {};
  return `${text(inner.name) || 'Error'}: ${text(inner.message) || String(error)}`.slice(0, 500);
}
