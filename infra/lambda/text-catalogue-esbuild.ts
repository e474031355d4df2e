/**
 * The web build's split of the text catalogue (packages/web/text-catalogue-split.ts, decision 075)
 * as an esbuild plugin for the functions: each text — down to each property of a text object —
 * becomes its own module, so a function carries only the texts its code reads. The API function
 * bundled every text of each catalogue file it touched (the admin screens' labels with the admin
 * mails' subjects): 41.6 KB of its 501 KB (decision 109).
 *
 * SST runs the plugins a function names (`nodejs.plugins`, infra/lambda/esbuild-plugins.mjs)
 * through its own small runner (.sst/platform/functions/nodejs-runtime/plugin.mjs), which differs
 * from esbuild's plugin API in three ways this plugin is written for:
 *  - it tests each callback's `filter` against the string "undefined" (it reads `msg.path`, which
 *    the Go side never sets), so the filters are `.*` and each callback looks at the path itself;
 *  - it has no `build.resolve`: catalogue specifiers are resolved here, by the workspace's own
 *    rule (`@bedriftstorget/core/*` → `packages/core/src/*.ts`, see its package.json) or relatively;
 *  - a callback that returns nothing lets esbuild go on as without the plugin.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve as resolvePath } from 'node:path';
import type { Plugin } from 'esbuild';
import ts from 'typescript';
import { splitImports } from '../../packages/web/text-catalogue-split';

const NAMESPACE = 'bt-text';
const QUERY = '?text=';
const PROP = '&prop=';
const CORE_PREFIX = '@bedriftstorget/core/';
const TEXT_FILE = /\/packages\/core\/src\/texts\/[\w-]+\.ts$/;

/** Where a specifier that may name a catalogue file points, or null when it cannot be one. */
export function resolveCatalogueSpecifier(specifier: string, resolveDir: string, root: string): string | null {
  if (specifier.startsWith(CORE_PREFIX)) return join(root, 'packages/core/src', `${specifier.slice(CORE_PREFIX.length)}.ts`);
  if (specifier.startsWith('./') || specifier.startsWith('../')) return resolvePath(resolveDir, `${specifier}.ts`);
  return null;
}

/** Top-level names a node refers to (identifiers that are not property names or keys). */
function referencedNames(node: ts.Node, names: Set<string>): Set<string> {
  const visit = (child: ts.Node) => {
    if (ts.isIdentifier(child)) {
      const parent = child.parent;
      const isKey = (ts.isPropertyAccessExpression(parent) && parent.name === child) || (ts.isPropertyAssignment(parent) && parent.name === child);
      if (!isKey) names.add(child.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return names;
}

/**
 * One text (or one property of one text) with only the declarations it uses, taken from the file in
 * its order. Why not the whole file with the other exports dropped, as the web build does: SST builds
 * with `keepNames`, whose name-keeping calls make esbuild keep every text object holding a function,
 * so each property module carried the file's other texts (the API grew from 501 to 512 KB).
 */
export function textModule(code: string, file: string, name: string, prop: string | undefined): string {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const declarations = new Map<string, ts.Statement>();
  let start: ts.Node | undefined;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) declarations.set(element.name.text, statement);
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      declarations.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        declarations.set(declaration.name.text, statement);
        if (declaration.name.text === name) start = declaration.initializer;
      }
    } else if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) {
      throw new Error(`${file}: the text catalogue may only 'export const' or 'export function' (text-catalogue-split.ts)`);
    }
  }
  if (!start && declarations.get(name) && ts.isFunctionDeclaration(declarations.get(name)!)) start = declarations.get(name);
  if (!start) throw new Error(`${file} has no text '${name}'`);
  let value: ts.Node = start;
  if (prop !== undefined) {
    let object: ts.Expression = start as ts.Expression;
    while (ts.isAsExpression(object) || ts.isSatisfiesExpression(object) || ts.isParenthesizedExpression(object)) object = object.expression;
    const property = ts.isObjectLiteralExpression(object)
      ? object.properties.find((p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === prop)
      : undefined;
    if (!property || !ts.isPropertyAssignment(property)) throw new Error(`${file}: '${name}.${prop}' is not a plain property of an object literal, so it cannot be imported alone`);
    value = property.initializer;
  }
  const kept = new Set<ts.Statement>();
  const queue = [...referencedNames(value, new Set())];
  if (prop === undefined) queue.push(name);
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const statement = declarations.get(next);
    if (!statement || kept.has(statement)) continue;
    kept.add(statement);
    if (!ts.isImportDeclaration(statement)) queue.push(...referencedNames(statement, new Set()));
  }
  const body = source.statements
    .filter((statement) => kept.has(statement))
    .map((statement) => statement.getText().replace(/^export (const|function) /, '$1 '))
    .join('\n');
  const exported = prop === undefined ? `export { ${name} };` : `export const value = (${value.getText()});`;
  return `${body}\n${exported}\n`;
}

interface ResolveArgs {
  path: string;
  resolveDir: string;
}
interface LoadArgs {
  path: string;
  namespace: string;
}

export function textCatalogueSplit(root = process.cwd()): Plugin {
  return {
    name: 'bedriftstorget:split-text-catalogue',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args: ResolveArgs) => {
        const at = args.path.indexOf(QUERY);
        if (at < 0) return undefined;
        const file = resolveCatalogueSpecifier(args.path.slice(0, at), args.resolveDir, root);
        if (!file || !TEXT_FILE.test(file)) return undefined;
        return { path: `${file}${args.path.slice(at)}`, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/ }, async (args: LoadArgs) => {
        if (args.namespace === NAMESPACE) {
          const [file, query] = args.path.split(QUERY) as [string, string];
          const code = await readFile(file, 'utf8');
          const [name, prop] = query.split(PROP) as [string, string | undefined];
          const contents = textModule(code, file, name, prop);
          return { contents, loader: 'ts' as const, resolveDir: dirname(file) };
        }
        if (args.namespace !== 'file' || args.path.includes('/node_modules/') || !/\.tsx?$/.test(args.path)) return undefined;
        const code = await readFile(args.path, 'utf8');
        if (!code.includes('texts/') && !TEXT_FILE.test(args.path)) return undefined;
        const resolveDir = dirname(args.path);
        const split = await splitImports(code, args.path, (specifier) => Promise.resolve(resolveCatalogueSpecifier(specifier, resolveDir, root)));
        return split === null ? undefined : { contents: split, loader: args.path.endsWith('x') ? ('tsx' as const) : ('ts' as const), resolveDir };
      });
    },
  };
}
