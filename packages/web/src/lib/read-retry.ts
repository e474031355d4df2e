import { ApiError } from './api-client';

export const httpStatus = (error: unknown) => (error instanceof ApiError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined);

/**
 * Reads are retried with back-off while the service is away (503) or the network fails; never
 * a mutation, which may have been applied without an idempotency key.
 * Apart from errors.ts so the query client's options bring no texts into the first load.
 */
export function shouldRetryRead(failures: number, error: unknown): boolean {
  const status = httpStatus(error);
  const transient = status === undefined || status === 503 || status === 502 || status === 504;
  return transient && failures < 3;
}

export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);
