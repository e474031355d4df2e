/**
 * Generates SST's platform types (.sst/platform: what `sst.config.ts` and `stacks/` typecheck
 * against) on a machine that cannot download pulumi. `sst install` first fetches the pulumi
 * CLI from SST's download host; pulumi is needed to deploy, not for the types. When that
 * download fails, a stand-in that only reports the version SST asked for is put at SST's pulumi
 * path and `sst install` runs again; the providers then come from the npm registry.
 * A real pulumi (one not written by this script) is never replaced.
 *   npx tsx infra/sst/platform-types.ts
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const MARK = 'bedriftstorget-platform-types stand-in';
export const PLATFORM_TYPES = '.sst/platform/config.d.ts';
const STAMP = '.sst/platform/.config-hash';
const PULUMI = join(homedir(), '.config', 'sst', 'bin', 'pulumi');

function sstInstall(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, SST_TELEMETRY_DISABLED: '1', SST_NO_BUN: '1', SST_STAGE: process.env.SST_STAGE ?? 'dev' };
    const child = spawn('npx', ['--no-install', 'sst', 'install'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The pulumi version SST wanted, from its failed download's message (e.g. "pulumi-v3.215.0"). */
export function wantedPulumiVersion(output: string): string | null {
  return /pulumi-(v\d+\.\d+\.\d+)/.exec(output)?.[1] ?? null;
}

/** A shell script that answers `pulumi version` (and anything else) with the version. */
export function standIn(version: string): string {
  return `#!/bin/sh\n# ${MARK}: reports a version only; cannot deploy\necho "${version}"\n`;
}

async function configHash(): Promise<string> {
  return createHash('sha256').update(await readFile('sst.config.ts')).digest('hex');
}

/** True when the types are missing or were generated for another sst.config.ts (e.g. new providers). */
export async function platformTypesStale(): Promise<boolean> {
  if (!existsSync(PLATFORM_TYPES) || !existsSync(STAMP)) return true;
  return (await readFile(STAMP, 'utf8')).trim() !== (await configHash());
}

export async function generatePlatformTypes(): Promise<void> {
  if (!existsSync('sst.config.ts')) throw new Error('Kjør fra prosjektets rot (der sst.config.ts ligger).');
  let result = await sstInstall();
  if (result.code !== 0) {
    const version = wantedPulumiVersion(result.output);
    if (!version) throw new Error(`sst install feilet:\n${result.output}`);
    if (existsSync(PULUMI) && !(await readFile(PULUMI, 'utf8')).includes(MARK)) {
      throw new Error(`${PULUMI} finnes og er ikke denne stand-in-en; erstatter den ikke.\n${result.output}`);
    }
    await mkdir(dirname(PULUMI), { recursive: true });
    await writeFile(PULUMI, standIn(version));
    await chmod(PULUMI, 0o755);
    result = await sstInstall();
    if (result.code !== 0) throw new Error(`sst install feilet også med stand-in for pulumi ${version}:\n${result.output}`);
  }
  if (!existsSync(PLATFORM_TYPES)) throw new Error(`sst install laget ikke ${PLATFORM_TYPES}`);
  await writeFile(STAMP, `${await configHash()}\n`);
  console.log(`${PLATFORM_TYPES} klar (bare typer; deploy trenger ekte pulumi).`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  generatePlatformTypes().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
