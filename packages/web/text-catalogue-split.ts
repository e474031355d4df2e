/**
 * Each text of the catalogue (packages/core/src/texts/*.ts) becomes its own module in the web
 * build, so a chunk carries only the texts its code uses (decision 075).
 *
 * Why: a bundler places whole modules. nb.ts holds the header's `nav` and the sign-in page's
 * `auth`; because the header is in the first load, so was nb.ts — with `auth`, `valuation`,
 * `admin` and every other text of it that any lazy page used (≈ 3 KB gzip of texts nobody sees on
 * the first screen). Splitting the catalogue files by hand would change hundreds of imports in the
 * API and the tests, and the next text added to a shared file would bring the problem back.
 *
 * How: `import { nav, brand } from '…/texts/nb'` is read as `import { nav } from '…/texts/nb?text=nav'`
 * and `import { brand } from '…/texts/nb?text=brand'`; loading `nb.ts?text=nav` gives the file with
 * `export` kept on `nav` alone, and tree-shaking drops the rest. A text that uses another of its
 * file keeps a private copy of it (plain strings, so nothing can tell). The catalogue files only
 * `export const` and `export function`; any other export there stops the build rather than being
 * split wrong.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const TEXT_FILE = /\/packages\/core\/src\/texts\/[\w-]+\.ts$/;
const QUERY = '?text=';
/** A named import on one or more lines: `import { a, b as c, type D } from 'x';` (not `import type`). */
const NAMED_IMPORT = /^import \{([^}]*)\} from '([^']+)';$/gm;

interface Specifier {
  text: string;
  imported: string;
  type: boolean;
}

function specifiersOf(list: string): Specifier[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((text) => {
      const type = text.startsWith('type ');
      return { text, type, imported: text.replace(/^type /, '').split(/\s+as\s+/)[0]!.trim() };
    });
}

/** Keeps `export` on `name` only; refuses export forms it does not know how to split. */
export function keepOneExport(code: string, file: string, name: string): string {
  const other = code.match(/^export (?!const |function )\S+/m);
  if (other) throw new Error(`${file}: '${other[0]}' — the text catalogue may only 'export const' or 'export function' (text-catalogue-split.ts)`);
  if (!new RegExp(`^export (const|function) ${name}\\b`, 'm').test(code)) throw new Error(`${file} has no text '${name}'`);
  return code.replace(/^export (const|function) (\w+)/gm, (all: string, kind: string, own: string) => (own === name ? all : `${kind} ${own}`));
}

export function splitTextCatalogue(): Plugin {
  return {
    name: 'bedriftstorget:split-text-catalogue',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      const at = source.indexOf(QUERY);
      if (at < 0) return null;
      const base = await this.resolve(source.slice(0, at), importer, { skipSelf: true });
      return base ? `${base.id}${source.slice(at)}` : null;
    },
    async load(id) {
      const [file, name] = id.split(QUERY);
      if (!file || name === undefined || !TEXT_FILE.test(file)) return null;
      return { code: keepOneExport(await readFile(file, 'utf8'), file, name), moduleType: 'ts' };
    },
    async transform(code, id) {
      const path = id.split('?')[0]!;
      if (path.includes('/node_modules/') || !/\.tsx?$/.test(path)) return null;
      let changed = false;
      let out = code;
      for (const match of code.matchAll(NAMED_IMPORT)) {
        const [statement, list, source] = match as unknown as [string, string, string];
        const resolved = await this.resolve(source, id);
        if (!resolved || !TEXT_FILE.test(resolved.id.split('?')[0]!)) continue;
        const specifiers = specifiersOf(list);
        const types = specifiers.filter((s) => s.type).map((s) => s.text.replace(/^type /, ''));
        const split = [
          ...specifiers.filter((s) => !s.type).map((s) => `import { ${s.text} } from '${source}${QUERY}${s.imported}';`),
          ...(types.length ? [`import type { ${types.join(', ')} } from '${source}';`] : []),
        ].join(' ');
        // The same number of lines, so the rest of the file keeps its place in the source map.
        out = out.replace(statement, split + '\n'.repeat(statement.split('\n').length - 1));
        changed = true;
      }
      return changed ? { code: out, map: null } : null;
    },
  };
}
