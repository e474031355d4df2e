/**
 * The Lambda bundles as SST builds them from the stacks' own options (stacks/function-build.ts):
 * size of each (target ≤ BUNDLE_BUDGET_KB, bundle-budget.ts) and the cold import time in a fresh Node process, as a Lambda cold
 * start pays it (target ≤ 250 ms).
 */
import { BUNDLE_BUDGET_KB } from './bundle-budget';
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { buildFunctionBundles } from '../../infra/lambda/build';

const RUNS = 7;

interface Sample {
  wall: number;
  cpu: number;
}

/**
 * One fresh process per sample: import the bundle and report how long the import took, in wall
 * time and in CPU time (user + system). On a shared, loaded machine the wall time mostly measures
 * waiting for a core; the CPU time is what the import itself costs.
 */
function coldImport(specifier: string): Sample {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(specifier)});
    const wall = performance.now() - t; const u = process.cpuUsage(c);
    process.stdout.write(JSON.stringify({ wall, cpu: (u.user + u.system) / 1000 }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  if (result.status !== 0) throw new Error(`import of ${specifier} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Sample;
}

interface Spread {
  median: number;
  min: number;
  max: number;
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

export function coldImportTimes(specifier: string, runs = RUNS): { wall: Spread; cpu: Spread } {
  const samples = Array.from({ length: runs }, () => coldImport(specifier));
  return { wall: spread(samples.map((s) => s.wall)), cpu: spread(samples.map((s) => s.cpu)) };
}

const ms = (t: Spread) => `${t.median.toFixed(0)} ms (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)})`;
const times = (t: { wall: Spread; cpu: Spread }) => `${ms(t.wall)}, CPU ${ms(t.cpu)}`;

export async function benchBundles(): Promise<string> {
  const lines: string[] = [];
  const log = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const load = () => loadavg()[0]!.toFixed(1);
  log(`Lambda bundles (esbuild as SST builds them; cold import = median of ${RUNS} fresh processes; load average ${load()} on ${availableParallelism()} cores)`);
  for (const bundle of await buildFunctionBundles()) {
    const installed = bundle.installed.length ? `; installed beside it: ${bundle.installed.join(', ')}` : '';
    log(`- ${bundle.name.padEnd(4)} ${(bundle.bytes / 1024).toFixed(0)} KB (target ≤ ${BUNDLE_BUDGET_KB} KB)  cold import ${times(coldImportTimes(pathToFileURL(bundle.file).href))} (target ≤ 250 ms)${installed}`);
  }
  // Installed beside the bundles, not in them (decision 109), and loaded only when first used: S3 at the first
  // storage call, SES at the first mail, sharp at the first upload. What a request pays on top:
  log(`- loaded on first use, not at import: @aws-sdk/client-s3 ${times(coldImportTimes('@aws-sdk/client-s3'))}; sharp ${times(coldImportTimes('sharp'))}`);
  log(`- for scale: an empty import ${times(coldImportTimes('node:os'))}; load average now ${load()}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchBundles().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
