/** What every sign-in pays (scrypt at the production cost) and the call every page load makes (auth.me). */
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '@bedriftstorget/api/auth/password';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import type { Bench } from './setup';
import { ms, percentiles } from './setup';

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export async function benchAuth(bench: Bench): Promise<string> {
  let hash = '';
  const hashing: number[] = [];
  for (let i = 0; i < 3; i += 1) hashing.push(await time(async () => { hash = await hashPassword('hemmelig1', 17); }));
  const verifying: number[] = [];
  for (let i = 0; i < 3; i += 1) verifying.push(await time(() => verifyPassword('hemmelig1', hash)));
  const me = () => handleTrpc(bench.services, new Request('http://localhost:3000/trpc/auth.me', { headers: { cookie: bench.sessionCookie } }), '127.0.0.1').then((r) => r.text());
  for (let i = 0; i < 20; i += 1) await me();
  const samples: number[] = [];
  for (let i = 0; i < 300; i += 1) samples.push(await time(me));
  const h = percentiles(hashing);
  const v = percentiles(verifying);
  const m = percentiles(samples);
  return [
    '| what | p50 ms | p95 ms | p99 ms |',
    '|---|---|---|---|',
    `| scrypt hash, N=2^17 | ${ms(h.p50)} | ${ms(h.p95)} | |`,
    `| scrypt verify | ${ms(v.p50)} | ${ms(v.p95)} | |`,
    `| auth.me with a session, through handleTrpc | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} |`,
  ].join('\n');
}
