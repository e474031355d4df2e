/**
 * The web app's JavaScript per route, from the build manifest (`<dist>-meta/.vite/manifest.json`,
 * written by packages/web/build-output.ts): what the first load of landing, browse and detail
 * costs, and what each lazy route adds on top. Sizes are bytes; gzip at level 9 and brotli at 11,
 * as the server sends them. Returns plain data (for bench/REPORT.md) and a text rendering.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { MAIN_PAGES } from '../../packages/web/chunk-groups';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Size { raw: number; gzip: number; brotli: number }
export interface RouteCost { route: string; module: string; files: string[]; js: Size }
export interface WebBundleFigures {
  /** JS every page loads before anything renders: the entry and its static imports. */
  initial: { files: string[]; js: Size; css: Size };
  /**
   * The first load of each main page: the initial files and the page's own chunk, which the HTML's
   * preload script names beside them (packages/web/page-preload.ts, decision 075).
   */
  pages: { page: string; route: string; files: string[]; js: Size }[];
  /** What each lazy route (or lazily loaded part) adds to the initial load. */
  lazy: RouteCost[];
  /** Every JS file of the build. */
  total: Size & { files: number };
}

/** Lazy routes and parts, by the source module the router or page imports. */
export const LAZY_PARTS: { route: string; module: string }[] = [
  { route: '/auth', module: 'src/features/auth/auth-page.tsx' },
  { route: '/legg-ut-annonse', module: 'src/features/wizard/wizard-page.tsx' },
  { route: '/meldinger', module: 'src/features/messages/messages-page.tsx' },
  { route: '/mine-annonser', module: 'src/features/my-listings/my-listings-page.tsx' },
  { route: '/mine-utkast', module: 'src/features/drafts/drafts-page.tsx' },
  { route: '/lagrede-annonser', module: 'src/features/favorites/saved-page.tsx' },
  { route: '/profil', module: 'src/features/profile/profile-page.tsx' },
  { route: '/admin (frame)', module: 'src/features/admin/admin-layout.tsx' },
  { route: '/admin (overview)', module: 'src/features/admin/overview-page.tsx' },
  { route: '/admin/annonser', module: 'src/features/admin/listings-page.tsx' },
  { route: '/admin/brukere', module: 'src/features/admin/users-page.tsx' },
  { route: '(landing) verdivurdering', module: 'src/features/valuation/valuation-section.tsx' },
  { route: '(detail) kontakt/forespørsel', module: 'src/features/listing-detail/contact-dialog.tsx' },
  { route: '(cloud) Ably', module: '../../node_modules/ably/build/ably.js' },
];

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(`${distDir.replace(/\/+$/, '')}-meta`, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunk keys a chunk pulls in before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) staticClosure(manifest, child, seen);
  return seen;
}

function sizeOf(distDir: string, files: string[]): Size {
  const size: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const data = readFileSync(join(distDir, file));
    size.raw += data.length;
    size.gzip += existsSync(join(distDir, `${file}.gz`)) ? readFileSync(join(distDir, `${file}.gz`)).length : gzipSync(data, { level: 9 }).length;
    size.brotli += existsSync(join(distDir, `${file}.br`))
      ? readFileSync(join(distDir, `${file}.br`)).length
      : brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return size;
}

/** The files of the initial load (entry `index.html` and its static imports). */
export function initialFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const keys = [...staticClosure(manifest, 'index.html')];
  return {
    js: keys.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')),
    css: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))],
  };
}

/** The manifest key of a main page's own chunk (a chunk group, named like the page). */
export function pageChunkKey(manifest: Manifest, page: string): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]!.name === page && !manifest[key]!.src);
  if (keys.length !== 1) throw new Error(`expected one chunk named '${page}' in the manifest, found ${keys.length}`);
  return keys[0]!;
}

/** The JS files of a main page's first load: the initial files, then its own chunk and what that imports. */
export function pageFiles(manifest: Manifest, page: string): string[] {
  const keys = new Set([...staticClosure(manifest, 'index.html'), ...staticClosure(manifest, pageChunkKey(manifest, page))]);
  return [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** The preload script index.html names (packages/web/page-preload.ts): not in the manifest, but loaded by every page. */
function preloadScriptOf(distDir: string): string[] {
  const match = /src="\/(assets\/page-preload-[^"]+\.js)"/.exec(readFileSync(join(distDir, 'index.html'), 'utf8'));
  return match ? [match[1]!] : [];
}

export function measureWebBundle(distDir: string): WebBundleFigures {
  const manifest = readManifest(distDir);
  const initialKeys = staticClosure(manifest, 'index.html');
  const preload = preloadScriptOf(distDir);
  const initial = initialFiles(manifest);
  const js = [...preload, ...initial.js];
  const css = initial.css;
  const pages = MAIN_PAGES.map(({ name, route }) => {
    const files = [...preload, ...pageFiles(manifest, name)];
    return { page: name, route, files, js: sizeOf(distDir, files) };
  });
  const lazy = LAZY_PARTS.filter(({ module }) => manifest[module]).map(({ route, module }) => {
    const files = [...staticClosure(manifest, module)].filter((key) => !initialKeys.has(key)).map((key) => manifest[key]!.file);
    return { route, module, files, js: sizeOf(distDir, files) };
  });
  const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))];
  return { initial: { files: js, js: sizeOf(distDir, js), css: sizeOf(distDir, css) }, pages, lazy, total: { ...sizeOf(distDir, allJs), files: allJs.length } };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (name: string, size: Size) => `  ${name.padEnd(34)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzip ${kb(size.brotli).padStart(10)} br`;

export function formatWebBundle(figures: WebBundleFigures, budgetGzip?: number): string {
  return [
    'Web JavaScript per route (from the build manifest)',
    row(`every page (${figures.initial.files.length} files)`, figures.initial.js),
    ...figures.pages.map((page) => row(`first load ${page.route} (${page.files.length} files)`, page.js) + (budgetGzip ? `   budget ${kb(budgetGzip)} gzip` : '')),
    row('initial CSS', figures.initial.css),
    ...figures.lazy.map((part) => row(`+ ${part.route}`, part.js)),
    row(`all JS (${figures.total.files} files)`, figures.total),
  ].join('\n');
}

/** Builds the web app into `outDir` (as `npm start` does) and measures it. */
export function benchWeb(outDir = join(ROOT, '.data/bench/web')): WebBundleFigures {
  // NODE_ENV=production: under Vitest it is 'test', which would bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync('npm', ['run', 'build', '-w', '@bedriftstorget/web', '--', '--outDir', outDir, '--logLevel', 'warn'], { cwd: ROOT, env, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  return measureWebBundle(outDir);
}

/**
 * The first load's JavaScript budget, gzip bytes, for each of landing, browse and detail (its
 * initial files and its own page chunk), enforced by tests/unit/web-budget.test.ts. The issue's
 * target, 100 KB. History: 172 KB, then 130 KB when sonner, the account menu and Radix Dialog
 * left the first load (decision 042: 127.1 KB measured); 136 KB when browse and detail gained
 * 'Lagre søk', 'Del annonse', 'Rapporter annonse' and 'Under bud'; 130 KB when the first load became
 * one chunk (decision 054: 125.0 KB). 100 KB when react-router gave way to the app's own router
 * and each main page became its own chunk, named in the HTML beside the first load (decision 075).
 */
export const INITIAL_JS_BUDGET_GZIP = 100 * 1024;

/** Libraries that must never be in the first load (only in lazy chunks, or nowhere in the browser). */
export const KEPT_OUT_OF_FIRST_LOAD = ['@trpc/client', '@trpc/server', '@trpc/tanstack-react-query', 'drizzle-orm', 'zod', 'react-hook-form', '@hookform/resolvers', 'ably', 'idb-keyval', 'sonner', '@radix-ui/react-dropdown-menu', '@radix-ui/react-dialog', 'fflate'];

/** The source modules of the main pages' first loads (initial files and page chunks), from the source maps kept beside dist. */
export function initialSources(distDir: string): string[] {
  const metaDir = `${distDir.replace(/\/+$/, '')}-meta`;
  const manifest = readManifest(distDir);
  const files = new Set(MAIN_PAGES.flatMap(({ name }) => pageFiles(manifest, name)));
  return [...files].flatMap((file) => {
    const path = join(metaDir, `${file}.map`);
    // The bundler's own runtime chunk has no map (no sources).
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { sources: string[] }).sources : [];
  });
}

/** Each main page's first load beside the target (≤ 100 KB gzip). */
export function webFigures(figures: WebBundleFigures): { what: string; measured: string; target: string; met: boolean }[] {
  return figures.pages.map(({ route, js }) => ({ what: `first-load JavaScript ${route}, gzip`, measured: kb(js.gzip), target: '≤ 100 KB', met: js.gzip <= 100 * 1024 }));
}
