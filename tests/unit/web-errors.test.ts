import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { request } from '@bedriftstorget/core/texts/http';
import { errorMessage } from '../../packages/web/src/lib/errors';
import { retryDelay, shouldRetryRead } from '../../packages/web/src/lib/read-retry';

const serverError = (httpStatus: number, code: string, message = 'x') =>
  TRPCClientError.from({ error: { message, code: -32603, data: { code, httpStatus } } });

describe('the web while the service is away (issue 15, item 13)', () => {
  it('says the service is temporarily unavailable for a 503', () => {
    expect(errorMessage(serverError(503, 'SERVICE_UNAVAILABLE', request.unavailable))).toBe(request.unavailable);
  });

  it('retries reads on 503 and network failures with back-off, not on 4xx', () => {
    expect(shouldRetryRead(0, serverError(503, 'SERVICE_UNAVAILABLE'))).toBe(true);
    expect(shouldRetryRead(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryRead(3, serverError(503, 'SERVICE_UNAVAILABLE'))).toBe(false);
    expect(shouldRetryRead(0, serverError(404, 'NOT_FOUND'))).toBe(false);
    expect([0, 1, 2, 5].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
  });
});
