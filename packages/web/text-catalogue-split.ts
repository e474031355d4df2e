/**
 * Each text of the catalogue (packages/core/src/texts/*.ts) — down to each property of a text
 * object — becomes its own module in the web build, so a chunk carries only the texts its code
 * uses (decision 075).
 *
 * Why: a bundler places whole modules. nb.ts holds the header's `nav` and the sign-in page's
 * `auth`; because the header is in the first load, so was nb.ts — with `auth`, `valuation`,
 * `admin` and every other text of it that any lazy page used. The same one level down: the detail
 * page's 'Send forespørsel' button label is one property of `inquiryTexts`, whose other
 * properties are the inquiry dialog's. Splitting the catalogue files by hand would change hundreds
 * of imports in the API and the tests, and the next text added would bring the problem back.
 *
 * How, for `import { detail as texts } from '…/texts/marketplace'`:
 *  - if the module only ever reads `texts.x` (a property, never `texts` itself), each `texts.x`
 *    becomes a constant imported from `marketplace.ts?text=detail&prop=x`, which loads as the file
 *    with `export const value = <that property's value>` and nothing else exported;
 *  - otherwise the import reads `marketplace.ts?text=detail`: the file with `export` kept on
 *    `detail` alone.
 * Tree-shaking then drops the rest. A value that uses another text of its file keeps a private
 * copy of it (plain strings, so nothing can tell). The catalogue files only `export const` and
 * `export function`; any other export there, or a text property the split cannot name, stops the
 * build rather than being split wrong.
 */
import { readFile } from 'node:fs/promises';
import ts from 'typescript';
import type { Plugin } from 'vite';

const TEXT_FILE = /\/packages\/core\/src\/texts\/[\w-]+\.ts$/;
const QUERY = '?text=';
const PROP = '&prop=';

/** Keeps `export` on `name` only (none if `name` is null); refuses export forms it does not know how to split. */
export function keepOneExport(code: string, file: string, name: string | null): string {
  const other = code.match(/^export (?!const |function )\S+/m);
  if (other) throw new Error(`${file}: '${other[0]}' — the text catalogue may only 'export const' or 'export function' (text-catalogue-split.ts)`);
  if (name !== null && !new RegExp(`^export (const|function) ${name}\\b`, 'm').test(code)) throw new Error(`${file} has no text '${name}'`);
  return code.replace(/^export (const|function) (\w+)/gm, (all: string, kind: string, own: string) => (own === name ? all : `${kind} ${own}`));
}

function parse(file: string, code: string): ts.SourceFile {
  return ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The file with nothing exported but `value`: the property `prop` of the text object `name`. */
export function propertyModule(code: string, file: string, name: string, prop: string): string {
  let initializer: string | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      let value: ts.Expression = node.initializer;
      while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
      if (ts.isObjectLiteralExpression(value)) {
        for (const property of value.properties) {
          if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && property.name.text === prop) initializer = property.initializer.getText();
        }
      }
    }
  };
  parse(file, code).statements.forEach((statement) => (ts.isVariableStatement(statement) ? statement.declarationList.declarations.forEach(visit) : undefined));
  if (initializer === undefined) throw new Error(`${file}: '${name}.${prop}' is not a plain property of an object literal, so it cannot be imported alone`);
  return `${keepOneExport(code, file, null)}\nexport const value = (${initializer});\n`;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Where each use of the binding `local` reads a property (`local.x`): their spans and names, or
 * null if `local` is ever used otherwise (passed on, spread, indexed, in a type).
 */
export function propertyReads(source: ts.SourceFile, local: string): { start: number; end: number; prop: string }[] | null {
  const reads: { start: number; end: number; prop: string }[] = [];
  let other = false;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && node.text === local) {
      const parent = node.parent;
      // A property or key that merely has the same name is not the binding.
      const namesSomethingElse = (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node) || ts.isJsxAttribute(parent);
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node && ts.isIdentifier(parent.name)) reads.push({ start: parent.getStart(), end: parent.end, prop: parent.name.text });
      else if (!namesSomethingElse) other = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return other || reads.length === 0 ? null : reads;
}

/** The module with its text imports split (see the top of this file), or null if it imports no texts. */
export async function splitImports(code: string, id: string, resolve: (source: string) => Promise<string | null>): Promise<string | null> {
  const path = id.split('?')[0]!;
  const source = parse(path, code);
  const edits: Edit[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.name) continue;
    const from = statement.moduleSpecifier.text;
    // Only specifiers that can name a catalogue file are resolved (resolving every import is slow).
    if (!/(^|\/)texts\/[\w-]+$/.test(from) && !(TEXT_FILE.test(path) && from.startsWith('./'))) continue;
    const resolved = await resolve(from);
    if (!resolved || !TEXT_FILE.test(resolved.split('?')[0]!)) continue;
    const imports: string[] = [];
    const types: string[] = [];
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      const local = element.name.text;
      if (element.isTypeOnly) {
        types.push(element.getText().replace(/^type\s+/, ''));
        continue;
      }
      const reads = propertyReads(source, local);
      if (!reads) {
        imports.push(`import { ${imported === local ? local : `${imported} as ${local}`} } from '${from}${QUERY}${imported}';`);
        continue;
      }
      for (const prop of new Set(reads.map((read) => read.prop))) imports.push(`import { value as __text_${local}_${prop} } from '${from}${QUERY}${imported}${PROP}${prop}';`);
      for (const read of reads) edits.push({ start: read.start, end: read.end, text: `__text_${local}_${read.prop}` });
    }
    if (types.length) imports.push(`import type { ${types.join(', ')} } from '${from}';`);
    const original = code.slice(statement.getStart(), statement.end);
    // The same number of lines, so the rest of the file keeps its place in the source map.
    edits.push({ start: statement.getStart(), end: statement.end, text: imports.join(' ') + '\n'.repeat(original.split('\n').length - 1) });
  }
  if (!edits.length) return null;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
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
      const [file, query] = id.split(QUERY);
      if (!file || query === undefined || !TEXT_FILE.test(file)) return null;
      const code = await readFile(file, 'utf8');
      const [name, prop] = query.split(PROP) as [string, string | undefined];
      return { code: prop === undefined ? keepOneExport(code, file, name) : propertyModule(code, file, name, prop), moduleType: 'ts' };
    },
    async transform(code, id) {
      const path = id.split('?')[0]!;
      if (path.includes('/node_modules/') || !/\.tsx?$/.test(path) || !(code.includes('texts/') || TEXT_FILE.test(path))) return null;
      const out = await splitImports(code, id, async (source) => (await this.resolve(source, id))?.id ?? null);
      return out === null ? null : { code: out, map: null };
    },
  };
}
