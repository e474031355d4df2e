import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

/** Every file under `dir`, as paths relative to it (the bucket's keys). */
export async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name))).sort();
}

/**
 * Puts a build into the folder the local server serves, as SST's StaticSite puts it into its bucket
 * (the BucketFiles resource of SST's provider, pkg/server/resource/aws-bucket-files.go): the new
 * build's files are uploaded, all but HTML first and then HTML, so index.html never names a chunk
 * that is not there yet; then, only with `purge`, the files of the previous deploy that the new
 * build lacks are deleted. Files from deploys before the previous one are never touched. Returns
 * this deploy's files (what the next deploy's purge compares with).
 */
export async function deployWeb(build: string, served: string, previous: string[], { purge }: { purge: boolean }): Promise<string[]> {
  const files = await filesOf(build);
  const upload = async (file: string) => {
    await mkdir(dirname(join(served, file)), { recursive: true });
    await copyFile(join(build, file), join(served, file));
  };
  await Promise.all(files.filter((file) => !file.endsWith('.html')).map(upload));
  await Promise.all(files.filter((file) => file.endsWith('.html')).map(upload));
  if (purge) {
    const kept = new Set(files);
    await Promise.all(previous.filter((file) => !kept.has(file)).map((file) => rm(join(served, file), { force: true })));
  }
  return files;
}

/**
 * A new version of the web app: the same sources built without minifying, so every chunk's bytes
 * and content hash differ from the running build's, as after a deploy that changed shared code.
 */
export function buildNewVersion(outDir: string): void {
  const build = spawnSync('npm', ['run', 'build', '-w', '@bedriftstorget/web', '--', '--outDir', resolve(outDir), '--minify', 'false', '--logLevel', 'warn'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the new version did not build:\n${build.stdout}\n${build.stderr}`);
}
