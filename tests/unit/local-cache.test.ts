import { describe, expect, it } from 'vitest';
import { PRIVATE_CACHE, PUBLIC_CACHE, sharedLifetime } from '@bedriftstorget/api/http/cache-policy';
import { LocalCache } from '@bedriftstorget/api/http/local-cache';

/** What the local server's cache keeps (decision 081): only what a shared cache may, and not for longer. */
function origin(body: string, headers: Record<string, string>, status = 200) {
  let calls = 0;
  const answer = () => {
    calls += 1;
    const response = new Response(`${body}#${calls}`, { status, headers: { 'content-type': 'application/json' } });
    for (const [name, value] of Object.entries(headers)) response.headers.append(name, value);
    return Promise.resolve(response);
  };
  return { answer, calls: () => calls };
}

describe('the local cache', () => {
  it('keeps a public 200 and serves it with its age', async () => {
    let now = 0;
    const cache = new LocalCache({ now: () => now });
    const o = origin('a', { 'cache-control': PUBLIC_CACHE });
    await cache.serve('/k', o.answer);
    now = 3_500;
    const hit = await cache.serve('/k', o.answer);
    expect([o.calls(), hit.body.toString(), hit.headers.age]).toEqual([1, 'a#1', '3']);
  });

  it('never keeps a private answer, an error, or a public one that sets a cookie', async () => {
    const cache = new LocalCache();
    for (const [headers, status] of [
      [{ 'cache-control': PRIVATE_CACHE }, 200],
      [{}, 200],
      [{ 'cache-control': PUBLIC_CACHE }, 404],
      [{ 'cache-control': PUBLIC_CACHE, 'set-cookie': 'bt_session=abc; HttpOnly' }, 200],
      [{ 'cache-control': 'public, no-cache' }, 200],
    ] as const) {
      const o = origin('x', headers, status);
      await cache.serve('/k', o.answer);
      const again = await cache.serve('/k', o.answer);
      expect([headers, o.calls(), again.body.toString()]).toEqual([headers, 2, 'x#2']);
    }
    expect(cache.size).toBe(0);
  });

  it('drops the copy when its refresh comes back private', async () => {
    let now = 0;
    const cache = new LocalCache({ now: () => now });
    await cache.serve('/k', origin('a', { 'cache-control': PUBLIC_CACHE }).answer);
    now = 15_000;
    await cache.serve('/k', origin('b', { 'cache-control': PRIVATE_CACHE }).answer);
    await cache.settled();
    expect(cache.size).toBe(0);
  });

  it('holds at most its number of entries, the least recently used leaving first', async () => {
    const cache = new LocalCache({ maxEntries: 2 });
    const o = origin('v', { 'cache-control': PUBLIC_CACHE });
    await cache.serve('/a', o.answer);
    await cache.serve('/b', o.answer);
    await cache.serve('/a', o.answer);
    await cache.serve('/c', o.answer);
    expect(cache.size).toBe(2);
    await cache.serve('/a', o.answer);
    expect(o.calls()).toBe(3);
    await cache.serve('/b', o.answer);
    expect(o.calls()).toBe(4);
  });

  it('reads s-maxage and stale-while-revalidate, and nothing from a header that forbids sharing', () => {
    expect(sharedLifetime(PUBLIC_CACHE)).toEqual({ fresh: 10, stale: 20 });
    expect(sharedLifetime('public, max-age=3600')).toEqual({ fresh: 3600, stale: 0 });
    for (const header of [PRIVATE_CACHE, 'no-store', 'public', 'public, s-maxage=0', 'max-age=60', null]) expect(sharedLifetime(header)).toBeNull();
  });
});
