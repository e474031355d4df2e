import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text people read comes from the catalogue (packages/core/src/texts), so the UI, the API and
 * the tests say the same words and a wording changes in one place. These scans fail on the next
 * literal that slips into code instead.
 */

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const isTextLiteral = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

const where = (source: ts.SourceFile, node: ts.Node) => `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`;

function findAll(files: string[], visit: (node: ts.Node, source: ts.SourceFile) => boolean): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = parse(file);
    const walk = (node: ts.Node): void => {
      if (visit(node, source)) found.push(where(source, node));
      ts.forEachChild(node, walk);
    };
    walk(source);
  }
  return found;
}

/** `message: '…'` (or a template): what a TRPCError, a zod refine or a mail hands to people, written in place. */
const literalMessage = (node: ts.Node) =>
  ts.isPropertyAssignment(node) && node.name.getText() === 'message' && isTextLiteral(node.initializer);

/** A Norwegian sentence or phrase: a capital, more than one word, and a word only Norwegian text has. */
const NORWEGIAN = /^[A-ZÆØÅ][^\n]* [^\n]*$/;
const NORWEGIAN_WORD = /(^|[^\p{L}])(ikke|ugyldig|fant|prøv|igjen|mange|må|kan|og|til|på|av|er|svarer|finnes|forsøk|siden|filen|bildet)([^\p{L}]|$)/iu;
const norwegianText = (node: ts.Node) => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && NORWEGIAN.test(node.text) && NORWEGIAN_WORD.test(node.text);

/** Text between tags with a letter in it (arrows, ticks and separators are not words). */
const jsxText = (node: ts.Node) => ts.isJsxText(node) && /\p{L}/u.test(node.text);

/** Attributes people read or hear, given a literal with a letter in it (a placeholder '1 250 000' is fine). */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
const literalAttribute = (node: ts.Node) =>
  ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer !== undefined && ts.isStringLiteral(node.initializer) && /\p{L}/u.test(node.initializer.text);

/** `toast.error('Feil')`: a toast's title or text written in place. */
const toastLiteral = (node: ts.Node) =>
  ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.expression.getText() === 'toast' && node.arguments[0] !== undefined && isTextLiteral(node.arguments[0]);

/** Texts for the operator (configuration errors at start-up, in the log), not for people using the site. */
const OPERATOR_TEXTS = [
  'packages/api/src/config.ts',
  'packages/api/src/realtime/ably.ts',
  'packages/api/src/adapters/mailer.ts',
];

describe('user-facing texts come from the catalogue', () => {
  const api = filesUnder('packages/api/src', /\.ts$/);

  it('the API and core’s schemas write no message as a literal (TRPCError, zod, anything with `message:`)', () => {
    const schemas = filesUnder('packages/core/src', /\.ts$/).filter((file) => !file.startsWith(join('packages/core/src/texts')));
    expect(findAll([...api, ...schemas], literalMessage)).toEqual([]);
  });

  it('the API has no other Norwegian text in its code', () => {
    const code = api.filter((file) => !OPERATOR_TEXTS.includes(file));
    expect(findAll(code, norwegianText)).toEqual([]);
  });

  const web = filesUnder('packages/web/src', /\.tsx?$/);

  it('the web app writes no text in its markup or toasts: element text, accessible names, titles, placeholders', () => {
    expect(findAll(web, (node) => jsxText(node) || literalAttribute(node) || toastLiteral(node))).toEqual([]);
  });

  it('the web app has no Norwegian text in its code (toasts, labels built in place)', () => {
    expect(findAll(web, norwegianText)).toEqual([]);
  });

  it('the scans see what they look for', () => {
    const probe = ts.createSourceFile(
      'probe.tsx',
      [
        "throw new TRPCError({ code: 'NOT_FOUND', message: 'Fant ikke profilen' });",
        "enforceLimit(ctx, rule, ip, 'For mange forsøk. Vent litt og prøv igjen.'); log('could not delete');",
        "const a = <dt className='sr-only'>Pris</dt>; const b = <ul aria-label='Merker' className='flex gap-1'>{'←'} → ✓</ul>;",
        "const c = <input placeholder='1 250 000' title={texts.hint} />; toast.error('Feil');",
      ].join('\n'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const hits: string[] = [];
    const walk = (node: ts.Node): void => {
      if (literalMessage(node)) hits.push(`message ${node.getText()}`);
      if (norwegianText(node)) hits.push(`text ${node.getText()}`);
      if (jsxText(node) || literalAttribute(node) || toastLiteral(node)) hits.push(`markup ${node.getText()}`);
      ts.forEachChild(node, walk);
    };
    walk(probe);
    expect(hits).toEqual([
      "message message: 'Fant ikke profilen'",
      "text 'Fant ikke profilen'",
      "text 'For mange forsøk. Vent litt og prøv igjen.'",
      'markup Pris',
      "markup aria-label='Merker'",
      "markup toast.error('Feil')",
    ]);
  });
});
