import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatNok, formatSize } from '@bedriftstorget/core/format/nb';
import { amountText, priceText } from '@bedriftstorget/core/listing/rules';

// Intl's group separator and minus depend on the ICU version: compare with plain spaces and '-'.
const plain = (text: string) => text.replace(/\s/g, ' ').replace(/\u2212/g, '-');

describe('the one money format, FINN\'s (decision 137)', () => {
  it('writes every amount in whole kroner with group spaces and kr after', () => {
    expect(plain(formatNok(2_500_000))).toBe('2 500 000 kr');
    expect(plain(formatNok(230_000))).toBe('230 000 kr');
    expect(plain(formatNok(4_800_000))).toBe('4 800 000 kr');
    expect(plain(formatNok(999))).toBe('999 kr');
    expect(plain(formatNok(0))).toBe('0 kr');
    expect(plain(formatNok(-300_000))).toBe('-300 000 kr');
    expect(plain(formatNok(150_400_000))).toBe('150 400 000 kr');
    // Whole kroner: an amount with øre is rounded, never written with a decimal comma
    expect(plain(formatNok(1_249_999.6))).toBe('1 250 000 kr');
  });

  it('keeps the groups together with a no-break space, so an amount never breaks over two lines', () => {
    expect(formatNok(2_500_000)).not.toMatch(/ /);
  });

  it('is what price and the yearly figures use, with their words for a missing value', () => {
    expect(plain(priceText(2_500_000))).toBe('2 500 000 kr');
    expect(priceText(null)).toBe('Pris på forespørsel');
    expect(plain(amountText(4_800_000))).toBe('4 800 000 kr');
    expect(amountText(null)).toBe('–');
  });

  it('writes file sizes (not money) with the same Intl, in the same module', () => {
    expect(plain(formatSize(1_258_291))).toBe('1,2 MB');
    expect(plain(formatSize(348_160))).toBe('340 kB');
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Ways to write money or numbers other than core's one module: each one a second format waiting to drift. */
const OTHER_FORMATTERS: [string, RegExp][] = [
  ['Intl.NumberFormat', /Intl\.NumberFormat/],
  ['toLocaleString', /\.toLocaleString\(/],
  ['MNOK / kNOK', /\b[kM]NOK\b/],
  ['mill. kr', /mill\.\s*kr/],
  ['a number followed by kr in a template', /\}\s*kr\b/],
  ['a thousands-separator regex', /\\B\(\?=\(\\d\{3\}\)/],
];

export const ONE_FORMAT_MODULE = join('packages', 'core', 'src', 'format', 'nb.ts');

export function otherFormatters(files: string[], read: (file: string) => string): string[] {
  return files
    .filter((file) => file !== ONE_FORMAT_MODULE)
    .flatMap((file) => {
      const text = read(file);
      return OTHER_FORMATTERS.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${file}: ${name}`);
    });
}

describe('no second money formatter anywhere in packages/', () => {
  it('finds every way of formatting money outside core/format/nb.ts', () => {
    const found = otherFormatters(sourceFiles('packages'), (file) => readFileSync(file, 'utf8'));
    expect(found).toEqual([]);
  });

  it('would see one if it came back', () => {
    const planted: Record<string, string> = {
      'packages/web/src/a.tsx': "const f = new Intl.NumberFormat('nb-NO');",
      'packages/api/src/b.ts': 'const t = `${(price / 1e6).toFixed(1)} MNOK`;',
      'packages/core/src/c.ts': 'const t = `${n} kr`;',
      'packages/web/src/d.tsx': "const t = n.toLocaleString('nb-NO');",
      'packages/web/src/e.tsx': "const t = '4,8 mill. kr';",
      [ONE_FORMAT_MODULE]: "const f = new Intl.NumberFormat('nb-NO');",
    };
    expect(otherFormatters(Object.keys(planted), (file) => planted[file]!)).toEqual([
      'packages/web/src/a.tsx: Intl.NumberFormat',
      'packages/api/src/b.ts: MNOK / kNOK',
      'packages/core/src/c.ts: a number followed by kr in a template',
      'packages/web/src/d.tsx: toLocaleString',
      'packages/web/src/e.tsx: mill. kr',
    ]);
  });
});
