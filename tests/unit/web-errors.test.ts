import { ApiError } from '../../packages/web/src/lib/api-client';
import { describe, expect, it } from 'vitest';
import { request } from '@bedriftstorget/core/texts/http';
import { common } from '@bedriftstorget/core/texts/nb';
import { errorMessage, errorReason, serverMessage } from '../../packages/web/src/lib/errors';
import { retryDelay, shouldRetryRead } from '../../packages/web/src/lib/read-retry';

const serverError = (httpStatus: number, code: string, message = 'x', reason: string | null = null) =>
  new ApiError(message, { message, code: -32603, data: { code, httpStatus, reason } });

describe('the web while the service is away', () => {
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

describe('the web reads why the server refused (decision 062)', () => {
  it('tells refusals with one code apart by their reason, not their words', () => {
    expect(errorReason(serverError(403, 'FORBIDDEN', 'Du har nådd maksimalt antall annonser (3).', 'QUOTA_REACHED'))).toBe('QUOTA_REACHED');
    expect(errorReason(serverError(403, 'FORBIDDEN', 'Du har nådd maksimalt antall annonser (3).', 'NO_ACCESS'))).toBe('NO_ACCESS');
    expect(errorReason(serverError(404, 'NOT_FOUND'))).toBeUndefined();
    expect(errorReason(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('has the server’s message for people, and none for a failure it did not explain', () => {
    expect(serverMessage(serverError(400, 'BAD_REQUEST', 'Tittelen er for lang.'))).toBe('Tittelen er for lang.');
    expect(serverMessage(serverError(500, 'INTERNAL_SERVER_ERROR', common.genericError))).toBeNull();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessage(serverError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe(request.unavailable);
    expect(errorMessage(serverError(500, 'INTERNAL_SERVER_ERROR', common.genericError))).toBe(common.genericError);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(common.genericError);
  });
});
