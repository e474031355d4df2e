/**
 * The A/B in instructions (decision 125): both servers of ab.ts run under valgrind's callgrind, which
 * counts the instructions a process executes — the same count however busy the machine is, where
 * req/s and even CPU time move with other work. Instrumentation is off while a side starts and warms
 * up (BENCH_CG_WARM requests per shape), then on for BENCH_CG_REQUESTS requests of one shape at a
 * time (zeroed, switched on, dumped with callgrind_control). Everything the server process does is
 * counted: our code, V8's JIT and garbage collector, libuv, mysql2's parsing, the log line's write.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { BENCH_DATABASE_URL, type Bench } from './setup';
import { abShapes, DEFAULT_BASE } from './ab';
import { baseWorktree, cannon, startSide } from './ab-side';

const WARM = Number(process.env.BENCH_CG_WARM ?? 1500);
const REQUESTS = Number(process.env.BENCH_CG_REQUESTS ?? 300);
const CONNECTIONS = 10;

function control(pid: number, ...args: string[]) {
  execFileSync('callgrind_control', [...args, String(pid)], { stdio: 'ignore' });
}

/** The instructions of each shape's REQUESTS requests, per request, on one side. */
export async function countSide(name: string, root: string, shapes: [string, string][]): Promise<Map<string, number>> {
  const dir = mkdtempSync(join(os.tmpdir(), `bench-cg-${name}-`));
  const valgrind = ['valgrind', '--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', `--callgrind-out-file=${join(dir, 'cg.out')}`, `--log-file=${join(dir, 'valgrind.log')}`];
  const side = await startSide(name, root, BENCH_DATABASE_URL, valgrind);
  const counts = new Map<string, number>();
  try {
    for (const [, path] of shapes) await cannon({ url: side.url, connections: CONNECTIONS, amount: WARM, timeout: 120, requests: [{ method: 'GET', path }] });
    for (const [shape, path] of shapes) {
      control(side.pid, '--zero');
      control(side.pid, '--instr=on');
      const result = await cannon({ url: side.url, connections: CONNECTIONS, amount: REQUESTS, timeout: 120, requests: [{ method: 'GET', path }] });
      control(side.pid, '--instr=off');
      const before = new Set(readdirSync(dir));
      control(side.pid, '--dump');
      const dump = readdirSync(dir).find((file) => file.startsWith('cg.out') && !before.has(file));
      const totals = dump ? /^totals:\s*(\d+)/m.exec(readFileSync(join(dir, dump), 'utf8'))?.[1] : undefined;
      if (!totals) throw new Error(`callgrind wrote no totals for ${name} ${shape}`);
      // A request that timed out while the machine starved valgrind still ran: its instructions are in the totals.
      if (result.errors + result.non2xx > 0) console.log(`${name} ${shape}: ${result.errors} errors, ${result.non2xx} non-2xx under callgrind (counted as sent)`);
      counts.set(shape, Number(totals) / REQUESTS);
      console.log(`${name} ${shape}: ${(Number(totals) / result.total / 1e6).toFixed(2)} M instructions per request`);
    }
  } finally {
    side.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return counts;
}

export async function benchAbInstructions(bench: Bench): Promise<string> {
  const commit = process.env.BENCH_BASE ?? DEFAULT_BASE;
  const base = baseWorktree(commit);
  const shapes = await abShapes(bench);
  const today = await countSide('today', process.cwd(), shapes);
  const was = await countSide('base', base.dir, shapes);
  const lines = [
    `Instructions per request (valgrind callgrind, the whole server process), base ${base.sha.slice(0, 12)} beside today's checkout: ${WARM} requests per shape to warm up uncounted, then ${REQUESTS} counted, ${CONNECTIONS} connections. Repeatable within ≈ 1 % whatever else runs on the machine.`,
    '',
    '| shape | base M instr/req | today M instr/req | today ÷ base |',
    '|---|---|---|---|',
  ];
  for (const [shape] of shapes) {
    const [b, t] = [was.get(shape)!, today.get(shape)!];
    lines.push(`| ${shape} | ${(b / 1e6).toFixed(2)} | ${(t / 1e6).toFixed(2)} | ${(t / b).toFixed(2)} |`);
    bench.figures.push({ what: `A/B instructions ${shape}: today ÷ base ${base.sha.slice(0, 7)}`, measured: `×${(t / b).toFixed(2)} (${(t / 1e6).toFixed(2)} / ${(b / 1e6).toFixed(2)} M per request)`, target: '≤ ×1.05', met: t / b <= 1.05 });
  }
  return lines.join('\n');
}
