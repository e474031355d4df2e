import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PUBLIC_FRESH_SECONDS, PUBLIC_STALE_SECONDS } from '@bedriftstorget/api/http/cache-policy';
import { ALL_VIEWER_EXCEPT_HOST_HEADER, routerCachePolicy } from '../../stacks/edge-cache';
import { sstComponentSource } from '../setup/sst-platform';

/**
 * The Router caches what the origin marks public and nothing else (decision 080): checked on the
 * policy the stacks hand to SST, and on SST's own Router source for how it uses it.
 */
describe('the Router\'s cache policy', () => {
  const policy = routerCachePolicy();
  const key = policy.parametersInCacheKeyAndForwardedToOrigin;

  it('lets the origin decide: nothing is kept without a Cache-Control that says so, public answers for their s-maxage', () => {
    expect([policy.minTtl, policy.defaultTtl]).toEqual([0, 0]);
    expect(policy.maxTtl).toBeGreaterThanOrEqual(PUBLIC_FRESH_SECONDS + PUBLIC_STALE_SECONDS);
  });

  it('keys by the whole URL, never by a cookie or Authorization', () => {
    expect(key.queryStringsConfig.queryStringBehavior).toBe('all');
    expect(key.cookiesConfig.cookieBehavior).toBe('none');
    const headers = key.headersConfig.headers.items.map((h) => h.toLowerCase());
    expect(headers).not.toContain('cookie');
    expect(headers).not.toContain('authorization');
    expect(key.headersConfig.headerBehavior).toBe('whitelist');
  });

  it('is the cache policy of the one behaviour SST gives routed paths, which still forwards cookies to the origin', async () => {
    const source = await sstComponentSource('router.ts');
    // handleLazyRoutes (router.route()): the policy is built through the transform the stacks set.
    const lazy = source.slice(source.indexOf('function handleLazyRoutes()'));
    expect(lazy).toMatch(/new cloudfront\.CachePolicy\(\s*\.\.\.transform\(\s*args\.transform\?\.cachePolicy,/);
    const behaviour = lazy.slice(lazy.indexOf('defaultCacheBehavior: {'), lazy.indexOf('functionAssociations'));
    expect(behaviour).toContain('cachePolicyId,');
    expect(behaviour).toContain(`originRequestPolicyId: "${ALL_VIEWER_EXCEPT_HOST_HEADER}"`);
    expect(behaviour).toMatch(/cachedMethods: \["GET", "HEAD"\]/);
    // An object transform is spread over SST's defaults (component.ts), so ours replaces them whole.
    expect(await readFile('.sst/platform/src/components/component.ts', 'utf8')).toContain('return [name, { ...args, ...transform }, opts] as const;');
    expect(await readFile('stacks/router.ts', 'utf8')).toMatch(/transform: \{\s*cachePolicy: routerCachePolicy\(\),/);
  });
});
