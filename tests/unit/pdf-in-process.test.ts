import { deflateSync } from 'node:zlib';
import * as lib from 'pdf-lib';
import { degrees, PDFDocument, PDFName, PDFString, type PDFObject } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findActive, findActiveAnywhere, viewerName } from '@bedriftstorget/api/data-room/pdf-active';
import { stampedCopy } from '@bedriftstorget/api/data-room/pdf-copy';
import { checkLimits, inflatedSize, MAX_INFLATED_BYTES, MAX_OBJECTS } from '@bedriftstorget/api/data-room/pdf-limits';
import { stampText } from '@bedriftstorget/api/data-room/pdf';
import { ACTIVE_WORDS, drawn, hostileCorpus, inflationBomb, namesInFile, objectBomb, VISIBLE } from './pdf-corpus';

/**
 * The PDF worker's own checks run here, in the test's process (pdf-hostile.test.ts runs them through
 * the worker pool, as the API does): the same corpus and limits, so a slip in pdf-active.ts,
 * pdf-copy.ts or pdf-limits.ts fails a test that mutation testing can see (its changes are not
 * active inside a worker thread).
 */
const corpus = await hostileCorpus();
const STAMP = stampText('Kari Kjøper', 'kari@example.no', new Date('2026-11-29T10:00:00Z'));
const SLOW = 60_000;

async function plainPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([595, 842]).drawText(`${VISIBLE} ${i}`, { x: 50, y: 700, size: 12 });
  return doc.save({ useObjectStreams: false });
}

/**
 * A file with one object stream whose dictionary text is `dict` (its filter, its type), put in front
 * of the cross-reference table, with the raw text `before` and `after` it (other objects).
 */
async function withObjectStream(dict: string, payload: Buffer, { before = '', after = '' } = {}): Promise<Uint8Array> {
  const text = Buffer.from(await plainPdf()).toString('latin1');
  const at = text.lastIndexOf('xref');
  const object = Buffer.concat([Buffer.from(`${before}\n90 0 obj\n<< ${dict} /Length ${payload.length} >>\nstream\n`, 'latin1'), payload, Buffer.from(`\nendstream\nendobj\n${after}`, 'latin1')]);
  return new Uint8Array(Buffer.concat([Buffer.from(text.slice(0, at), 'latin1'), object, Buffer.from(text.slice(at), 'latin1')]));
}

describe('names as viewers read them', () => {
  it('decodes escapes in either case, and pdf-lib’s re-escaped spelling', () => {
    expect(viewerName('/#4aS')).toBe('JS');
    expect(viewerName('/#4AS')).toBe('JS');
    expect(viewerName('/#234aava#2353cript')).toBe('JavaScript');
    expect(viewerName('/Type')).toBe('Type');
  });
});

describe('an upload’s check, in process', () => {
  it.each(corpus.map((item) => [item.name, item.bytes] as const))('finds what can act in: %s', async (_, bytes) => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const found = findActiveAnywhere(lib, doc.context);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((finding) => /^#\d+/.test(finding.path) && /^(key|action|type) /.test(finding.why))).toBe(true);
  });

  it('passes a plain file, its links and forms left for the copy to drop', async () => {
    const doc = await PDFDocument.load(await plainPdf(3));
    expect(findActiveAnywhere(lib, doc.context)).toEqual([]);
    const page = doc.getPage(0).node;
    page.set(PDFName.of('Annots'), doc.context.obj([doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 9, 9], A: { S: 'URI', URI: PDFString.of('https://bedriftstorget.no') } })]));
    expect(findActiveAnywhere(lib, doc.context)).toEqual([]);
    expect(findActiveAnywhere(lib, doc.context, true).map((finding) => finding.why)).toEqual(expect.arrayContaining(['key Annots', 'key URI', 'key A', 'action URI', 'type Link', 'type Annot']));
  });

  it('follows a chain of references to the name, survives a cycle, and stops at its limit', async () => {
    const doc = await PDFDocument.create();
    const name = doc.context.register(PDFName.of('Launch'));
    const hop = doc.context.register(name);
    const action = doc.context.obj({ S: hop });
    const loop = doc.context.obj({ Next: action });
    action.set(PDFName.of('Next'), loop);
    expect(findActive(lib, doc.context, [action])).toEqual([{ path: '#0/S', why: 'action Launch' }]);
    const many = Array.from({ length: 30 }, () => doc.context.obj({ JS: PDFString.of('x') }));
    expect(findActive(lib, doc.context, many)).toHaveLength(20);
    expect(findActive(lib, doc.context, many, false, 3)).toHaveLength(3);
    // `/S` naming a blend or a role is no action.
    expect(findActive(lib, doc.context, [doc.context.obj({ S: 'Transparency', Type: 'Group' })], true)).toEqual([]);
  });

  it('reports a chain of references too long to follow, and follows one just short enough', async () => {
    const doc = await PDFDocument.create();
    // `hops` references in a row in front of the name /Launch (32 are followed).
    const chain = (hops: number) => {
      let target: PDFObject = PDFName.of('Launch');
      for (let i = 0; i < hops; i += 1) target = doc.context.register(target);
      return doc.context.obj({ S: target });
    };
    expect(findActive(lib, doc.context, [chain(32)]).map((finding) => finding.why)).toEqual(['action Launch']);
    expect(findActive(lib, doc.context, [chain(33)])).toEqual([{ path: '#0/S', why: 'reference chain over 32 hops' }]);
    // A reference to itself ends too.
    const self = doc.context.nextRef();
    doc.context.assign(self, self);
    expect(findActive(lib, doc.context, [doc.context.obj({ S: self })]).map((finding) => finding.why)).toEqual(['reference chain over 32 hops']);
  });

  it('reads an action only under /S and a type only under /Type or /Subtype', async () => {
    const doc = await PDFDocument.create();
    expect(findActive(lib, doc.context, [doc.context.obj({ N: 'Launch', BaseFont: 'Link', Subtype: 'JavaScript' })], true)).toEqual([]);
    expect(findActive(lib, doc.context, [doc.context.obj({ Type: 'Launch', Subtype: 'Link' })], true).map((finding) => finding.why)).toEqual(['type Link']);
  });

  it('looks inside a stream’s dictionary, and in the trailer', async () => {
    const doc = await PDFDocument.create();
    doc.context.register(doc.context.flateStream('x', { Type: 'EmbeddedFile' }));
    expect(findActiveAnywhere(lib, doc.context).map((finding) => finding.why)).toContain('type EmbeddedFile');
    const clean = await PDFDocument.create();
    clean.context.trailerInfo.Info = clean.context.obj({ JS: PDFString.of('x') });
    expect(findActiveAnywhere(lib, clean.context).map((finding) => finding.why)).toEqual(['key JS']);
  });
});

describe('the buyer’s copy, in process', () => {
  it.each(corpus.map((item) => [item.name, item.bytes] as const))('holds the page and nothing that can act: %s', async (_, bytes) => {
    const copy = await stampedCopy(bytes, STAMP);
    expect(findActiveAnywhere(lib, (await PDFDocument.load(copy)).context, true)).toEqual([]);
    expect(ACTIVE_WORDS.filter((word) => namesInFile(copy).has(word))).toEqual([]);
    const [original] = await drawn(bytes);
    const [page] = await drawn(copy);
    expect(page).toContain(original);
    // Wrapped: the original's state is saved before it and restored after, before the stamp.
    expect(page!.indexOf('q')).toBeLessThan(page!.indexOf(original!));
  }, SLOW);

  it('keeps each page’s size, crop box and rotation, and stamps every page twice', async () => {
    const doc = await PDFDocument.create();
    const wide = doc.addPage([842, 595]);
    wide.setCropBox(20, 30, 800, 500);
    wide.setRotation(degrees(90));
    wide.drawText(VISIBLE, { x: 60, y: 300, size: 12 });
    doc.addPage([300, 400]).drawText(VISIBLE, { x: 10, y: 10, size: 12 });
    const copy = await PDFDocument.load(await stampedCopy(await doc.save(), STAMP));
    const [first, second] = copy.getPages();
    expect(first!.getMediaBox()).toEqual({ x: 0, y: 0, width: 842, height: 595 });
    expect(first!.getCropBox()).toEqual({ x: 20, y: 30, width: 800, height: 500 });
    expect(first!.getRotation().angle).toBe(90);
    expect(second!.getMediaBox()).toEqual({ x: 0, y: 0, width: 300, height: 400 });
    expect(first!.node.get(PDFName.of('Annots'))).toBeUndefined();
    const hex = Buffer.from(STAMP.replaceAll('–', '\x96'), 'latin1').toString('hex').toUpperCase();
    for (const page of await drawn(await copy.save())) expect(page.toUpperCase().split(`<${hex}>`).length - 1).toBe(2);
  }, SLOW);

  it('drops what can act from the resources a page keeps', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    page.drawText(VISIBLE, { x: 50, y: 700, size: 12 });
    const resources = page.node.Resources()!;
    resources.set(PDFName.of('XObject'), doc.context.obj({ Fm0: doc.context.register(doc.context.flateStream('0 0 m', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], AA: { O: { S: 'JavaScript', JS: PDFString.of('1') } } })) }));
    const copy = await stampedCopy(await doc.save(), STAMP);
    expect(namesInFile(copy).has('AA')).toBe(false);
    expect(namesInFile(copy).has('Fm0')).toBe(true);
  }, SLOW);
});

describe('what a file may cost before it is parsed, in process', () => {
  it('counts a plain file’s objects and lets it through', async () => {
    const verdict = await checkLimits(await plainPdf(2));
    expect(verdict).toMatchObject({ ok: true, inflated: 0 });
    expect(verdict.ok && verdict.objects).toBeGreaterThan(5);
  });

  it('refuses an object stream inflating past the cap, and counts one under it', async () => {
    expect(await checkLimits(await inflationBomb(80))).toEqual({ ok: false, why: 'inflated' });
    const small = await checkLimits(await inflationBomb(1));
    expect(small.ok).toBe(true);
    expect(small.ok && small.inflated).toBeGreaterThan(1024 * 1024);
    expect(small.ok && small.inflated).toBeLessThan(MAX_INFLATED_BYTES);
  }, SLOW);

  it('refuses a file declaring more objects than the limit', async () => {
    expect(await checkLimits(await objectBomb())).toEqual({ ok: false, why: 'objects' });
  }, SLOW);

  it('refuses an object stream whose filter has no cap, or is given by reference; takes the short name of Flate', async () => {
    const payload = deflateSync(Buffer.from('1 0 null'));
    expect(await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode', payload))).toEqual({ ok: false, why: 'filter' });
    expect(await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /RunLengthDecode]', payload))).toEqual({ ok: false, why: 'filter' });
    expect(await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4 /Filter 5 0 R', payload))).toEqual({ ok: false, why: 'filter' });
    expect(await checkLimits(await withObjectStream('/Type /#4fbjStm /N 1 /First 4 /Filter /LZWDecode', payload))).toEqual({ ok: false, why: 'filter' });
    expect((await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4 /Filter /Fl', payload))).ok).toBe(true);
    // An object stream with no filter at all is plain text: nothing to inflate, nothing refused.
    expect(await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4', Buffer.from('1 0 null')))).toMatchObject({ ok: true, inflated: 0 });
    // Only the streams pdf-lib decodes while loading are read: a page's own LZW stream is copied, never decoded.
    expect((await checkLimits(await withObjectStream('/Type /XObject /Filter /LZWDecode', payload))).ok).toBe(true);
  });

  it('reads each stream’s own dictionary, not its neighbours’', async () => {
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20), { level: 9 });
    const plainObject = '\n91 0 obj\n<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] >>\nendobj\n';
    // Followed by another object: the dictionary is the one in front of the stream.
    expect(await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb, { after: plainObject }))).toEqual({ ok: false, why: 'inflated' });
    // After an object whose stream is LZW (a page's, copied, never decoded): that filter is not this stream's.
    const lzwObject = '\n89 0 obj\n<< /Type /XObject /Filter /LZWDecode /Length 1 >>\nstream\nx\nendstream\nendobj\n';
    expect((await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(Buffer.from('1 0 null')), { before: lzwObject }))).ok).toBe(true);
    // A dictionary longer than the 4 KB read back is still read, up to the stream.
    expect(await checkLimits(await withObjectStream(`/Padding (${'x'.repeat(5000)}) /Type /ObjStm /N 1 /First 4 /Filter /LZWDecode`, bomb))).toEqual({ ok: false, why: 'filter' });
  }, SLOW);

  it('reads dictionaries written without spaces, or with several', async () => {
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024, 0x20), { level: 9 });
    expect(await checkLimits(await withObjectStream('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', bomb))).toEqual({ ok: false, why: 'inflated' });
    expect(await checkLimits(await withObjectStream('/Type/ObjStm/N 1/First 4/Filter[/FlateDecode]', bomb))).toEqual({ ok: false, why: 'inflated' });
    expect(await checkLimits(await withObjectStream('/Type /ObjStm /N  300000 /First 4 /Filter /FlateDecode', deflateSync(Buffer.from('1 0 null'))))).toEqual({ ok: false, why: 'objects' });
    // Objects written `1  0  obj` count as viewers read them.
    const many = Array.from({ length: MAX_OBJECTS + 1 }, (_, i) => `${i + 100}  0  obj null endobj`).join('\n');
    expect(await checkLimits(await withObjectStream('/Type /XObject', Buffer.from('x'), { after: many }))).toEqual({ ok: false, why: 'objects' });
  }, SLOW);

  it('takes exactly the limits and refuses one past them', async () => {
    const base = await checkLimits(await withObjectStream('/Type /ObjStm /N 0 /First 4 /Filter /FlateDecode', deflateSync(Buffer.from('1 0 null'))));
    const plainObjects = base.ok ? base.objects : NaN;
    const declaring = async (n: number) => checkLimits(await withObjectStream(`/Type /ObjStm /N ${n} /First 4 /Filter /FlateDecode`, deflateSync(Buffer.from('1 0 null'))));
    expect(await declaring(MAX_OBJECTS - plainObjects)).toMatchObject({ ok: true, objects: MAX_OBJECTS });
    expect(await declaring(MAX_OBJECTS - plainObjects + 1)).toEqual({ ok: false, why: 'objects' });
    // /N counts objects of an object stream only: a cross-reference stream's is no count.
    expect((await checkLimits(await withObjectStream('/Type /XRef /N 300000 /Filter /FlateDecode', deflateSync(Buffer.from('0'))))).ok).toBe(true);
    const exact = await checkLimits(await withObjectStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', deflateSync(Buffer.alloc(MAX_INFLATED_BYTES, 0x20), { level: 9 })));
    expect(exact).toMatchObject({ ok: true, inflated: MAX_INFLATED_BYTES });
  }, SLOW);

  it('stops inflating just past the budget, and counts what a broken stream gave before it broke', async () => {
    const eight = deflateSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    expect(await inflatedSize(eight, 64 * 1024 * 1024)).toBe(8 * 1024 * 1024);
    const stopped = await inflatedSize(eight, 1024 * 1024);
    expect(stopped).toBeGreaterThan(1024 * 1024);
    expect(stopped).toBeLessThanOrEqual(1024 * 1024 + 256 * 1024);
    // What is no deflate stream at all counts nothing (pdf-lib refuses the file after).
    expect(await inflatedSize(Buffer.from('ikke komprimert i det hele tatt'), 64 * 1024 * 1024)).toBe(0);
    const random = deflateSync(Buffer.from(Array.from({ length: 4 * 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24)));
    expect(await inflatedSize(random.subarray(0, random.length >> 1), 64 * 1024 * 1024)).toBeGreaterThan(1024 * 1024);
  }, SLOW);
});
