/**
 * Where the app server's CPU goes under load (decision record 041): the V8 CPU profiler
 * (node:inspector) records the bench process while autocannon, in its own process, sends
 * 50 connections of browse (newest) to createLocalServer for BENCH_PROFILE_SECONDS. Self time is
 * summed per function and per area (our code, tRPC, drizzle, mysql2, undici's fetch classes,
 * node internals, garbage collection), so the report says what a request costs around its SQL.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Session, type Profiler } from 'node:inspector/promises';
import { promisify } from 'node:util';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import type { Bench } from './setup';
import { trpcUrl } from './queries';
import { summarise, top } from './profile-summary';

const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);

export async function benchProfile(bench: Bench): Promise<string> {
  const app = createLocalServer({ services: bench.services, web: { distDir: '/nonexistent' }, cache: null });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  const path = new URL(trpcUrl('listing.browse', { sort: 'newest' })).pathname + new URL(trpcUrl('listing.browse', { sort: 'newest' })).search;
  await fetch(`${url}${path}`).then((r) => r.text()); // warm: the total is cached from here
  const session = new Session();
  session.connect();
  let profile: Profiler.Profile;
  let result: { rps: number };
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'tests/bench/cannon.ts', JSON.stringify({ url, connections: 50, duration: SECONDS, requests: [{ method: 'GET', path }] })]);
    result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { rps: number };
    ({ profile } = await session.post('Profiler.stop'));
  } finally {
    session.disconnect();
    app.close();
  }
  const { total, busy, byArea, byFunction } = summarise(profile);
  const pct = (t: number) => `${((100 * t) / total).toFixed(1)} %`;
  return [
    `V8 CPU profile of the bench process (the app server) during ${SECONDS} s of autocannon, 50 connections, browse newest: ${result.rps.toFixed(0)} req/s (the profiler samples every 200 µs; its figures and the load section's differ by the moment as much as by that). Busy (not idle) ${pct(busy)} of the time; ${(busy / Math.max(1, result.rps * SECONDS)).toFixed(0)} µs of CPU per request in this process (MariaDB's own CPU is not in it).`,
    '',
    '| area | self time |',
    '|---|---|',
    ...top(byArea, 14).map(([area, t]) => `| ${area} | ${pct(t)} |`),
    '',
    '| function (top 20 by self time) | self time |',
    '|---|---|',
    ...top(byFunction, 20).map(([name, t]) => `| \`${name.replace(/\|/g, '\\|')}\` | ${pct(t)} |`),
  ].join('\n');
}
