import { TRPCClientError } from '@trpc/client';
import { request } from '@bedriftstorget/core/texts/http';
import { common } from '@bedriftstorget/core/texts/nb';
import { httpStatus } from './read-retry';

/** The server's message when it sent one for people to read, else the generic text (SPEC §8). */
export function errorMessage(error: unknown): string {
  if (httpStatus(error) === 503) return request.unavailable;
  if (error instanceof TRPCClientError && typeof error.message === 'string' && error.message && !error.message.startsWith('Unexpected')) {
    // A network failure has no tRPC error code: that is not a message for people.
    const code = (error.data as { code?: string } | undefined)?.code;
    if (code) return error.message;
  }
  return common.genericError;
}
