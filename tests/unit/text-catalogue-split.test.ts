/**
 * The web build splits the text catalogue per text (packages/web/text-catalogue-split.ts, decision
 * 075): loading `nb.ts?text=auth` keeps `export` on `auth` alone, so tree-shaking drops the rest,
 * and a catalogue file with an export form the split does not know stops the build.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { keepOneExport } from '../../packages/web/text-catalogue-split';

const FILE = 'packages/core/src/texts/nb.ts';

describe('text catalogue split', () => {
  it('keeps one text of a catalogue file exported and the others private', async () => {
    const source = await readFile(FILE, 'utf8');
    const only = keepOneExport(source, FILE, 'auth');
    expect(only.match(/^export .*/gm)).toEqual(['export const auth = {']);
    // Nothing else changes: the other texts are still there (for a text that uses them), one per line as before.
    expect(only.replace('export const auth', 'const auth').split('\n')).toEqual(source.replace(/^export /gm, '').split('\n'));
  });

  it('refuses an export form it cannot split, and a text the file does not have', () => {
    expect(() => keepOneExport("export const a = 'x';\nexport { b } from './b';\n", FILE, 'a')).toThrow(/may only 'export const' or 'export function'/);
    expect(() => keepOneExport("export const a = 'x';\nexport default a;\n", FILE, 'a')).toThrow(/may only/);
    expect(() => keepOneExport("export const a = 'x';\n", FILE, 'b')).toThrow(/has no text 'b'/);
  });
});
