/**
 * Names the main page's own chunk in the HTML, so it loads beside the first load instead of after
 * it (decision 075). Each of landing, browse and detail is its own chunk (chunk-groups.ts); the
 * router would ask for it only once the first load has arrived and run — one more round trip
 * before the first paint on a phone's network. The HTML is the same for every path (and static in
 * the cloud for /), so a tiny script, `assets/page-preload-<hash>.js` named first in the HTML's
 * head, picks the chunk by the path and adds a `<link rel="modulepreload">` for it. It is a file,
 * not inline code, because the Content-Security-Policy allows scripts from 'self' only.
 */
import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';
import { MAIN_PAGES } from './chunk-groups';

/** A route of app/router.tsx as a RegExp source: ':id' is one segment; a trailing slash is allowed. */
export function routePattern(route: string): string {
  if (route === '/') return '^/$';
  return `^${route.replace(/:[^/]+/g, '[^/]+')}/?$`;
}

/** The preload script: the first main page whose pattern matches the path gets its files named. */
export function preloadScript(pages: { pattern: string; files: string[] }[]): string {
  const table = JSON.stringify(pages.map(({ pattern, files }) => [pattern, files]));
  return `(function(){var t=${table},p=location.pathname;for(var i=0;i<t.length;i++)if(new RegExp(t[i][0],"i").test(p)){t[i][1].forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)});break}})();\n`;
}

type OutputBundle = Rollup.OutputBundle;

function chunks(bundle: OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
}

/** A chunk's file and the files it imports statically, transitively. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const child of chunk.imports) closure(bundle, child, seen);
  return seen;
}

export function pagePreload(): Plugin {
  return {
    name: 'bedriftstorget:page-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const entry = chunks(bundle).find((chunk) => chunk.isEntry);
      if (html?.type !== 'asset' || !entry) throw new Error('page-preload: index.html or its entry chunk is missing from the bundle');
      const initial = closure(bundle, entry.fileName);
      const pages = MAIN_PAGES.map(({ name, route }) => {
        const named = chunks(bundle).filter((candidate) => candidate.name === name && !candidate.isEntry);
        const chunk = named[0];
        if (!chunk || named.length > 1) throw new Error(`page-preload: ${named.length} chunks named '${name}', expected the main page's one (chunk-groups.ts)`);
        const files = [...closure(bundle, chunk.fileName)].filter((file) => !initial.has(file)).map((file) => `/${file}`);
        return { pattern: routePattern(route), files };
      });
      const source = preloadScript(pages);
      const fileName = `assets/page-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = `<script async src="/${fileName}"></script>`;
      const text = String(html.source);
      if (!text.includes('<script type="module"')) throw new Error('page-preload: no module script in index.html');
      html.source = text.replace('<script type="module"', `${tag}\n    <script type="module"`);
    },
  };
}
