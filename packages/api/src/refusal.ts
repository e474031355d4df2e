import { TRPCError } from '@trpc/server';
import type { RefusalReason } from '@bedriftstorget/core/errors/reasons';

/**
 * The typed cause of a refusal the web app must tell apart from others with the same code
 * (decision 062). The errorFormatter (trpc.ts) sends its reason as `data.reason`.
 */
export class Refusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
    this.name = 'Refusal';
  }
}

/** Each reason's HTTP meaning: all are 403 today, but a reason never changes its code silently. */
const CODES = {
  QUOTA_REACHED: 'FORBIDDEN',
  EMAIL_NOT_CONFIRMED: 'FORBIDDEN',
  SIGNUPS_CLOSED: 'FORBIDDEN',
  NO_ACCESS: 'FORBIDDEN',
  SAVED_SEARCHES_FULL: 'FORBIDDEN',
  CONSENT_REQUIRED: 'FORBIDDEN',
  VIPPS_REQUIRED: 'FORBIDDEN',
} as const satisfies Record<RefusalReason, TRPCError['code']>;

/** The error to throw: the reason's code, the catalogue's message, and the reason as its cause. */
export function refusal(reason: RefusalReason, message: string): TRPCError {
  return new TRPCError({ code: CODES[reason], message, cause: new Refusal(reason) });
}

/** The reason of a refusal made by `refusal`, else null (every other error). */
export function reasonOf(error: unknown): RefusalReason | null {
  return error instanceof TRPCError && error.cause instanceof Refusal ? error.cause.reason : null;
}
