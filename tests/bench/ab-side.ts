/**
 * The A/B's and the soak's servers (ab.ts, soak.ts): each a child process running ab-server.ts
 * over one worktree's code, and autocannon in a process of its own, so neither side shares a
 * process with the bench or with the other side.
 */
import { execFile, execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Profiler } from 'node:inspector';
import autocannon from 'autocannon';

export interface CannonResult { rps: number; p50: number; p90: number; p99: number; errors: number; non2xx: number; total: number }

/** autocannon in its own process (tests/bench/cannon.ts). */
export async function cannon(options: Record<string, unknown>): Promise<CannonResult> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'tests/bench/cannon.ts', JSON.stringify(options)], { maxBuffer: 10_000_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as CannonResult;
}

/**
 * Several autocannon runs at once, over the same seconds, in this process: the A/B's servers are
 * processes of their own, so the load's CPU is not theirs, and no process start per run (seconds of
 * CPU each on a busy machine) sits between short rounds.
 */
export async function cannonTogether(options: autocannon.Options[]): Promise<CannonResult[]> {
  return Promise.all(
    options.map(async (one) => {
      const result = await autocannon(one);
      return { rps: result.requests.average, p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, total: result.requests.total };
    }),
  );
}

export interface Usage { cpu: NodeJS.CpuUsage; memory: NodeJS.MemoryUsage }

export interface Side {
  name: string;
  url: string;
  usage: () => Promise<Usage>;
  /** Memory after a full collection. */
  settledMemory: () => Promise<NodeJS.MemoryUsage>;
  profile: <T>(during: () => Promise<T>) => Promise<{ result: T; profile: Profiler.Profile }>;
  stop: () => void;
}

/**
 * Starts ab-server.ts over `root`'s code (its own node_modules, its own tsx), with its log lines to
 * /dev/null as a host would ship them; `wrapper` runs it under another program (valgrind).
 */
export async function startSide(name: string, root: string, databaseUrl: string, wrapper: string[] = []): Promise<Side & { pid: number }> {
  const node = [process.execPath, '--import', 'tsx', resolve('tests/bench/ab-server.ts'), root, databaseUrl];
  const [command, ...args] = [...wrapper, ...node] as [string, ...string[]];
  const child: ChildProcess = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the ${name} server (${root}) ended with ${code} before listening`)));
    child.once('message', (message: { port: number }) => done(message.port));
  });
  let next = 0;
  const ask = <T>(cmd: string) =>
    new Promise<T>((done) => {
      const id = (next += 1);
      const listener = (message: { id?: number; result: T }) => {
        if (message.id !== id) return;
        child.off('message', listener);
        done(message.result);
      };
      child.on('message', listener);
      child.send({ id, cmd });
    });
  return {
    name,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    usage: () => ask<Usage>('usage'),
    settledMemory: async () => (await ask<{ memory: NodeJS.MemoryUsage }>('gc')).memory,
    profile: async (during) => {
      await ask('profile-start');
      const result = await during();
      return { result, profile: await ask<Profiler.Profile>('profile-stop') };
    },
    stop: () => {
      child.disconnect();
      child.kill();
    },
  };
}

/** CPU time (user + system, µs) the side spent per request while `load` ran. */
export async function measured(side: Side, load: () => Promise<CannonResult>): Promise<CannonResult & { cpuPerRequest: number }> {
  const before = await side.usage();
  const result = await load();
  const after = await side.usage();
  const cpu = after.cpu.user - before.cpu.user + (after.cpu.system - before.cpu.system);
  return { ...result, cpuPerRequest: cpu / Math.max(1, result.total) };
}

/** Each side's CPU time per request while all of them were loaded together by `load` (one result per side, in order). */
export async function measuredTogether(sides: Side[], load: () => Promise<CannonResult[]>): Promise<(CannonResult & { cpuPerRequest: number })[]> {
  const before = await Promise.all(sides.map((side) => side.usage()));
  const results = await load();
  const after = await Promise.all(sides.map((side) => side.usage()));
  return results.map((result, i) => {
    const cpu = after[i]!.cpu.user - before[i]!.cpu.user + (after[i]!.cpu.system - before[i]!.cpu.system);
    return { ...result, cpuPerRequest: cpu / Math.max(1, result.total) };
  });
}

/**
 * A worktree of `commit` with its dependencies installed: BENCH_BASE_DIR if given, else one under
 * the system's temporary folder, made once and reused. Never committed to: it is only read.
 */
export function baseWorktree(commit: string): { dir: string; sha: string } {
  const sha = execSync(`git rev-parse --verify ${JSON.stringify(`${commit}^{commit}`)}`).toString().trim();
  const dir = process.env.BENCH_BASE_DIR ?? join(os.tmpdir(), `bedriftstorget-base-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, 'package.json'))) execSync(`git worktree add --detach ${JSON.stringify(dir)} ${sha}`, { stdio: 'inherit' });
  const head = execSync('git rev-parse HEAD', { cwd: dir }).toString().trim();
  if (head !== sha) throw new Error(`${dir} holds ${head.slice(0, 12)}, not ${sha.slice(0, 12)}: remove it or set BENCH_BASE_DIR`);
  if (!existsSync(join(dir, 'node_modules/.bin/tsx'))) execSync('npm ci --no-audit --no-fund', { cwd: dir, stdio: 'inherit' });
  return { dir, sha };
}
