import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, type PDFRawStream, PDFString, StandardFonts, type PDFArray, type PDFFont, type PDFNumber } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { stampedCopy, UnsafeCopy } from '@bedriftstorget/api/data-room/pdf-copy';
import { drawn, namesInFile, VISIBLE } from './pdf-corpus';

/**
 * Where the buyer's stamp lands (decision 104), checked against its geometry rather than its code:
 * the foot line sits inside the crop box at its lower left, no larger than 8 pt and shrunk to fit;
 * the watermark runs along the crop box's diagonal, centred on it, spanning 80 % of it (6–48 pt).
 * And the copy's own structure: contents as one stream or none, resources with cycles and arrays.
 */
const STAMP = 'Kari Kjoper - kari@example.no - 29.11.2026 10:00';
let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

interface TextRun { size: number; matrix: number[]; colour: string; opacity: number | null }

/** The stamp's text runs on each page of a copy: size, text matrix, fill colour and the opacity of its graphics state. */
async function stampRuns(copy: Uint8Array): Promise<TextRun[][]> {
  const doc = await PDFDocument.load(copy);
  return doc.getPages().map((page) => {
    const states = page.node.Resources()!.lookup(PDFName.of('ExtGState'), PDFDict);
    const opacityOf = (name: string) => (states.lookup(PDFName.of(name), PDFDict).get(PDFName.of('ca')) as PDFNumber).asNumber();
    const refs = (page.node.Contents() as PDFArray).asArray();
    const last = doc.context.lookup(refs.at(-1)) as PDFRawStream;
    const text = inflateSync(Buffer.from(last.contents)).toString('latin1');
    return text.split('BT').slice(1).map((block, i, blocks) => {
      const before = i === 0 ? text.split('BT')[0]! : blocks[i - 1]!;
      const gs = /\/(\S+) gs\s*$/.exec(before.trim() + '\n')?.[1] ?? /\/(\S+) gs/.exec(before.slice(before.lastIndexOf('q')))?.[1];
      return {
        size: Number(/ (\S+) Tf/.exec(block)![1]),
        matrix: /((?:-?[\d.e-]+ ){6})Tm/.exec(block)![1]!.trim().split(' ').map(Number),
        colour: /(\S+ \S+ \S+) rg/.exec(block)![1]!,
        opacity: gs ? opacityOf(gs) : null,
      };
    });
  });
}

/** The first page's two runs: the watermark, then the foot line. */
async function firstPage(copy: Uint8Array): Promise<{ mark: TextRun; foot: TextRun }> {
  const [mark, foot] = (await stampRuns(copy))[0]!;
  return { mark: mark!, foot: foot! };
}

async function pageWithCrop(width: number, height: number, crop?: [number, number, number, number]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([width, height]);
  if (crop) page.setCropBox(...crop);
  page.drawText(VISIBLE, { x: 10, y: 10, size: 10 });
  return doc.save();
}

describe('the foot line', () => {
  it('sits 18 pt in and 10 pt up from the crop box’s corner, grey at 90 %, 8 pt when it fits', async () => {
    const { foot: foot } = await firstPage(await stampedCopy(await pageWithCrop(842, 595, [20, 30, 800, 500]), STAMP));
    expect(foot.matrix).toEqual([1, 0, 0, 1, 38, 40]);
    expect(foot.size).toBe(8);
    expect(foot.colour).toBe('0.45 0.45 0.45');
    expect(foot.opacity).toBe(0.9);
  });

  it('shrinks to the width between the margins, and no smaller than 4 pt', async () => {
    const { foot: narrow } = await firstPage(await stampedCopy(await pageWithCrop(200, 300), STAMP));
    expect(narrow.size).toBeCloseTo((8 * (200 - 36)) / font.widthOfTextAtSize(STAMP, 8), 6);
    expect(font.widthOfTextAtSize(STAMP, narrow.size)).toBeCloseTo(200 - 36, 4);
    const { foot: tiny } = await firstPage(await stampedCopy(await pageWithCrop(60, 300), STAMP));
    expect(tiny.size).toBe(4);
  });
});

describe('the watermark', () => {
  /** Where the middle of the text's box lands on the page, through its text matrix. */
  function middleOf(run: TextRun): [number, number] {
    const [a, b, c, d, e, f] = run.matrix as [number, number, number, number, number, number];
    const [w, h] = [font.widthOfTextAtSize(STAMP, run.size), font.heightAtSize(run.size, { descender: false })];
    return [e + a * (w / 2) + c * (h / 2), f + b * (w / 2) + d * (h / 2)];
  }

  it.each([
    ['A4 upright', 595, 842, undefined],
    ['landscape with a crop box away from 0,0', 842, 595, [20, 30, 800, 500] as [number, number, number, number]],
  ])('runs along the diagonal, centred, 0.8 of it long, light grey at 0.18 opacity: %s', async (_, width, height, crop) => {
    const { mark: mark } = await firstPage(await stampedCopy(await pageWithCrop(width, height, crop), STAMP));
    const [x, y, w, h] = crop ?? [0, 0, width, height];
    const angle = Math.atan2(h, w);
    const [a, b, c, d] = mark.matrix as [number, number, number, number];
    expect([a, b, c, d].map((v) => v.toFixed(6))).toEqual([Math.cos(angle), Math.sin(angle), -Math.sin(angle), Math.cos(angle)].map((v) => v.toFixed(6)));
    const [mx, my] = middleOf(mark);
    expect(mx).toBeCloseTo(x + w / 2, 3);
    expect(my).toBeCloseTo(y + h / 2, 3);
    expect(font.widthOfTextAtSize(STAMP, mark.size)).toBeCloseTo(0.8 * Math.hypot(w, h), 3);
    expect(mark.colour).toBe('0.55 0.55 0.55');
    expect(mark.opacity).toBe(0.18);
  });

  it('is never larger than 48 pt nor smaller than 6 pt', async () => {
    const { mark: large } = await firstPage(await stampedCopy(await pageWithCrop(14_000, 14_000), STAMP));
    expect(large.size).toBe(48);
    const { mark: small } = await firstPage(await stampedCopy(await pageWithCrop(40, 40), STAMP));
    expect(small.size).toBe(6);
  });
});

describe('the copy’s structure', () => {
  it('copies a page whose contents are one stream, and stamps a page that has none', async () => {
    const doc = await PDFDocument.create();
    const one = doc.addPage([300, 300]);
    one.node.set(PDFName.Contents, doc.context.register(doc.context.flateStream('BT /F1 12 Tf 10 10 Td (Synlig side) Tj ET')));
    doc.addPage([300, 300]).node.delete(PDFName.Contents);
    const copy = await stampedCopy(await doc.save(), STAMP);
    const [first, second] = await drawn(copy);
    expect(first).toContain('(Synlig side) Tj');
    expect(second).not.toContain('Synlig side');
    expect((await stampRuns(copy)).map((runs) => runs.length)).toEqual([2, 2]);
  });

  it('writes no metadata of its own (no producer, no dates)', async () => {
    const copy = await stampedCopy(await pageWithCrop(300, 300), STAMP);
    const names = namesInFile(copy);
    for (const name of ['Producer', 'Creator', 'CreationDate', 'ModDate']) expect(names.has(name), name).toBe(false);
  });

  it('walks resources that refer to themselves and drops what can act inside their arrays', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 300]);
    page.drawText(VISIBLE, { x: 10, y: 10, size: 10 });
    const resources = page.node.Resources()!;
    const loop = doc.context.register(doc.context.obj({ Kind: 'Loop' }));
    (doc.context.lookup(loop) as PDFDict).set(PDFName.of('Self'), loop);
    resources.set(PDFName.of('Properties'), doc.context.obj({ P0: loop, P1: doc.context.obj([doc.context.obj({ JS: PDFString.of('app.alert(1)'), Keep: 'Me' })]) }));
    const copy = await stampedCopy(await doc.save(), STAMP);
    const names = namesInFile(copy);
    expect(names.has('JS')).toBe(false);
    expect(names.has('Keep')).toBe(true);
    expect(names.has('Self')).toBe(true);
  });

  it('refuses to hand out a copy in which the strict reading still finds something, naming where', async () => {
    // A file specification kept as a page resource: no key the copy drops, but a type the strict reading refuses.
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 300]);
    page.drawText(VISIBLE, { x: 10, y: 10, size: 10 });
    page.node.Resources()!.set(PDFName.of('Properties'), doc.context.obj({ P0: { Type: 'Filespec', F: PDFString.of('a.txt') }, P1: { Type: 'Filespec', F: PDFString.of('b.txt') } }));
    const refused = await stampedCopy(await doc.save(), STAMP).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(UnsafeCopy);
    const found = (refused as Error).message.split('; ').sort();
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^#\d+.*\/Properties\/P0\/Type: type Filespec$/);
    expect(found[1]).toMatch(/^#\d+.*\/Properties\/P1\/Type: type Filespec$/);
  });
});

