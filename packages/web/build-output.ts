/**
 * What `vite build` leaves in its output folder is exactly what is served (decision 022):
 *  - source maps and the build manifest move to `<outDir>-meta/` beside it, never served or uploaded
 *    (they would give the source away); tests/bench/web.ts reads the manifest there;
 *  - every text asset gets `.br` and `.gz` twins, compressed once at build time at the highest
 *    levels, which the local server sends by Accept-Encoding (as CloudFront would).
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, compression saves less than a network packet. */
const MIN_BYTES = 1024;

/** The folder beside the output folder that holds what must not be served. */
export function metaDirFor(outDir: string): string {
  return `${outDir.replace(/\/+$/, '')}-meta`;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

async function moveOut(outDir: string, metaDir: string, file: string) {
  const target = join(metaDir, relative(outDir, file));
  await mkdir(dirname(target), { recursive: true });
  await rename(file, target);
}

export async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    promisify(gzip)(data, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

export function buildOutput(): Plugin {
  let outDir = '';
  return {
    name: 'bedriftstorget-build-output',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const metaDir = metaDirFor(outDir);
      await rm(metaDir, { recursive: true, force: true });
      const pending: Promise<void>[] = [];
      for await (const file of walk(outDir)) {
        if (file.endsWith('.map') || relative(outDir, file).startsWith('.vite')) pending.push(moveOut(outDir, metaDir, file));
        else if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) pending.push(compressFile(file));
      }
      await Promise.all(pending);
      await rm(join(outDir, '.vite'), { recursive: true, force: true });
    },
  };
}
