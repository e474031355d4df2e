/**
 * A function's folder as the deploy ships it (decision 109): the bundle, and in `node_modules`
 * only the packages its `install` names with what they depend on — what SST's `npm install`
 * beside the bundle brings. Copied from the repository's node_modules (the versions `sstNodejs`
 * pins), keeping each package's place (hoisted or nested), so Node resolves them as npm laid them
 * out. The folder is outside the repository: nothing else the repository has installed is reachable.
 */
import { cp, mkdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Where Node finds `pkg` from `fromDir` (the package directory), or null when nothing provides it. */
function findPackage(pkg: string, fromDir: string, root: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', pkg);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === dirname(dir)) return null;
  }
}

/** Every package directory `names` need, from the root's node_modules down (the closure of their dependencies). */
export async function packageClosure(names: readonly string[], root: string): Promise<string[]> {
  const found = new Set<string>();
  const visit = async (pkg: string, fromDir: string, optional: boolean): Promise<void> => {
    const dir = findPackage(pkg, fromDir, root);
    if (!dir) {
      // An optional dependency for another platform (sharp's darwin build) is simply not there.
      if (optional) return;
      throw new Error(`${pkg} (needed from ${relative(root, fromDir) || '.'}) is not installed`);
    }
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Manifest;
    const peersOptional = manifest.peerDependenciesMeta ?? {};
    for (const dep of Object.keys(manifest.dependencies ?? {})) await visit(dep, dir, false);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) await visit(dep, dir, true);
    for (const dep of Object.keys(manifest.peerDependencies ?? {})) await visit(dep, dir, peersOptional[dep]?.optional === true);
  };
  for (const name of names) await visit(name, root, false);
  return [...found].sort();
}

/** Copies the closure of `names` into `target`/node_modules, each package where it was under `root`. */
export async function shipPackages(names: readonly string[], root: string, target: string): Promise<string[]> {
  const dirs = await packageClosure(names, root);
  for (const dir of dirs) {
    const to = join(target, relative(root, dir));
    await mkdir(to, { recursive: true });
    // A package's own nested node_modules are copied only as far as the closure needs them.
    await cp(dir, to, { recursive: true, dereference: true, filter: (source) => !relative(dir, source).split(sep).includes('node_modules') });
  }
  return dirs.map((dir) => relative(root, dir));
}
