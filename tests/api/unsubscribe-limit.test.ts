import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@bedriftstorget/api/auth/rate-limit-rules';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { UNSUBSCRIBE_PATH } from '@bedriftstorget/api/saved-search/paths';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { createHarness, randomIp } from './harness';

/**
 * The one-click unsubscribe POST (decision 047) answers without the Origin check, so it is the one
 * place a script can guess tokens: each POST counts against its network (RATE_LIMITS.unsubscribePerNetwork).
 */
const h = createHarness();
const rule = RATE_LIMITS.unsubscribePerNetwork;
const limit = rule.limit * h.config.rateLimitMultiplier;
const guessed = () => Array.from({ length: 20 }, () => `t=${randomBytes(32).toString('base64url')}`).join('&');
const post = (ip: string) =>
  handleTrpc(h, new Request(`${h.config.appUrl}${UNSUBSCRIBE_PATH}?${guessed()}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), ip);

describe('the one-click unsubscribe POST has a rate limit', () => {
  it(`300 POSTs of 20 guessed tokens from one network: ${limit} answered, the rest 429 in Norwegian with Retry-After`, { timeout: 120_000 }, async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < 300; i += 1) {
      const response = await post(ip);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
      else await response.arrayBuffer();
    }
    expect(statuses.slice(0, limit).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    expect(await refused!.text()).toBe(texts.unsubscribeTooMany);
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rule.windowMs / 1000);

    // Another network is not held back by the guesser.
    expect((await post(randomIp())).status).toBe(404);
  });
});
