/**
 * The web build splits the text catalogue per text and per property (packages/web/text-catalogue-split.ts,
 * decision 075): `texts.x` becomes an import of that one property, a text used as a whole is
 * imported alone from its file, and a catalogue file with an export form the split does not know
 * stops the build.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { keepOneExport, propertyModule, splitImports } from '../../packages/web/text-catalogue-split';

const FILE = 'packages/core/src/texts/nb.ts';
const TEXTS = '@bedriftstorget/core/texts/marketplace';
const resolve = (source: string) => Promise.resolve(source.startsWith('@bedriftstorget/core/texts/') ? `/repo/packages/core/src/texts/${source.split('/').at(-1)}.ts` : null);

describe('text catalogue split', () => {
  it('keeps one text of a catalogue file exported and the others private', async () => {
    const source = await readFile(FILE, 'utf8');
    const only = keepOneExport(source, FILE, 'auth');
    expect(only.match(/^export .*/gm)).toEqual(['export const auth = {']);
    // Nothing else changes: the other texts are still there (for a text that uses them), one per line as before.
    expect(only.replace('export const auth', 'const auth').split('\n')).toEqual(source.replace(/^export /gm, '').split('\n'));
  });

  it('makes one property of a text a module of its own', async () => {
    const source = await readFile(FILE, 'utf8');
    const one = propertyModule(source, FILE, 'auth', 'wrongCredentials');
    expect(one.match(/^export .*/gm)).toEqual(["export const value = ('Feil e-post eller passord');"]);
  });

  it('imports each property read as texts.x on its own, and a text used as a whole from its file', async () => {
    const code = [
      `import { detail as texts, browse, type Unused } from '${TEXTS}';`,
      'const a = texts.backToSearch;',
      'const b = `${texts.similar} ${texts.backToSearch}`;',
      'const c = Object.keys(browse);',
    ].join('\n');
    const out = (await splitImports(code, '/repo/packages/web/src/x.ts', resolve))!.split('\n');
    expect(out[0]).toBe([
      `import { value as __text_texts_backToSearch } from '${TEXTS}?text=detail&prop=backToSearch';`,
      `import { value as __text_texts_similar } from '${TEXTS}?text=detail&prop=similar';`,
      `import { browse } from '${TEXTS}?text=browse';`,
      `import type { Unused } from '${TEXTS}';`,
    ].join(' '));
    expect(out.slice(1)).toEqual(['const a = __text_texts_backToSearch;', 'const b = `${__text_texts_similar} ${__text_texts_backToSearch}`;', 'const c = Object.keys(browse);']);
    // A local of the same name elsewhere (here a parameter) means the import stays whole: no read is rewritten wrongly.
    const shadowed = `import { detail as texts } from '${TEXTS}';\nconst f = (texts: { x: string }) => texts.x;\nconst g = texts.similar;`;
    expect(await splitImports(shadowed, '/repo/packages/web/src/y.ts', resolve)).toBe(`import { detail as texts } from '${TEXTS}?text=detail';\nconst f = (texts: { x: string }) => texts.x;\nconst g = texts.similar;`);
    expect(await splitImports("import { x } from './x';\n", '/repo/packages/web/src/z.ts', resolve)).toBeNull();
  });

  it('refuses an export form it cannot split, a text the file does not have, and a property it cannot name', () => {
    expect(() => keepOneExport("export const a = 'x';\nexport { b } from './b';\n", FILE, 'a')).toThrow(/may only 'export const' or 'export function'/);
    expect(() => keepOneExport("export const a = 'x';\nexport default a;\n", FILE, 'a')).toThrow(/may only/);
    expect(() => keepOneExport("export const a = 'x';\n", FILE, 'b')).toThrow(/has no text 'b'/);
    expect(() => propertyModule("export const a = { ...other, b: 'x' };\n", FILE, 'a', 'c')).toThrow(/not a plain property/);
  });
});
