import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build is made from: its own sources and config, and the shared core (texts, schemas). */
const SOURCES = ['packages/web/src', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/web/public', 'packages/core/src'];

function newestIn(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestIn(join(path, name))), stat.mtimeMs);
}

/**
 * Whether `npm start` must build the web app: there is no build, or a source file changed after it
 * (a `git pull` or an edit), so a started app never serves yesterday's pages.
 */
export function webBuildIsStale(root: string, distDir: string): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestIn(join(root, source)) > builtAt);
}
