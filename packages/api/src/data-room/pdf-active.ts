import type * as PdfLibModule from 'pdf-lib';
import type { PDFContext, PDFObject } from 'pdf-lib';

type PdfLib = typeof PdfLibModule;

/** How many references in a row are followed to reach an object (see `resolve` below). */
const MAX_HOPS = 32;

/**
 * A name as a viewer reads it (decision 102). pdf-lib decodes only upper-case `#xx` escapes when it
 * parses (`/#4aS` stays '#4aS' where Acrobat and pdf.js read 'JS') and re-escapes the '#' it kept
 * (`asString()` gives '/#234aS'). So its spelling is decoded once (pdf-lib's value) and then once
 * more for the escapes it left. A name that really holds '#xx' is read as its decoded form too:
 * that can only make a check stricter.
 */
export function viewerName(name: string): string {
  const decode = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decode(decode(name.replace(/^\//, '')));
}

/**
 * What an upload is refused for (decision 097): parts that run, send, launch, play or carry files.
 * A plain form or a link is not refused: the buyer's copy leaves them out anyway (pdf-copy.ts).
 */
const REFUSED = {
  keys: new Set(['JS', 'JavaScript', 'EmbeddedFiles', 'EF', 'XFA', 'RichMediaContent', 'RichMediaSettings']),
  actions: new Set(['JavaScript', 'Launch', 'ImportData', 'SubmitForm', 'ResetForm', 'Rendition', 'GoToE', 'RichMediaExecute', 'Sound', 'Movie', 'GoTo3DView']),
  types: new Set(['FileAttachment', 'RichMedia', 'Movie', 'Sound', 'Screen', '3D', 'EmbeddedFile']),
};
/**
 * What the buyer's copy must not hold at all (decision 102): the above, and every form, annotation,
 * catalogue action, names tree, outline and link a viewer could act on. (`/S` also names a page
 * group's blending or a structure element's role, so only action types count there.)
 */
const STRICT = {
  keys: new Set([...REFUSED.keys, 'AcroForm', 'AA', 'OpenAction', 'Annots', 'Names', 'Dests', 'Outlines', 'URI', 'A', 'Next', 'PieceInfo']),
  actions: new Set([...REFUSED.actions, 'URI', 'GoToR', 'Named', 'Hide', 'SetOCGState', 'Trans', 'Thread']),
  types: new Set([...REFUSED.types, 'Widget', 'Filespec', 'Link', 'Annot', 'Action']),
};

/** Where an active part was found: the key path from the object it was reached from (for the tests' messages). */
export interface ActiveFinding {
  path: string;
  why: string;
}

/**
 * Every active part in `roots` and what they reach (decision 102): follows indirect references (so
 * `/S 6 0 R` is read as the name object 6 holds), reads names as viewers do, and looks inside streams'
 * dictionaries. A visited set keeps cycles and shared objects to one visit each.
 */
export function findActive(lib: PdfLib, context: PDFContext, roots: PDFObject[], strict = false, limit = 20): ActiveFinding[] {
  const { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } = lib;
  const rules = strict ? STRICT : REFUSED;
  const found: ActiveFinding[] = [];
  const seen = new Set<PDFObject>();
  // A reference to a reference to … is followed MAX_HOPS times. No writer makes such chains; one
  // longer than that is a hiding place (a viewer follows it to the end), so it is a finding itself.
  const resolve = (object: PDFObject | undefined, path?: string): PDFObject | undefined => {
    let current = object;
    for (let hops = 0; current instanceof PDFRef && hops < MAX_HOPS; hops += 1) current = context.lookup(current);
    if (!(current instanceof PDFRef)) return current;
    // Reported where the walk reaches it (the value is walked after its key is read).
    if (path !== undefined) found.push({ path, why: `reference chain over ${MAX_HOPS} hops` });
    return undefined;
  };
  const nameOf = (object: PDFObject | undefined): string | null => {
    const value = resolve(object);
    return value instanceof PDFName ? viewerName(value.asString()) : null;
  };
  const stack: { object: PDFObject; path: string }[] = roots.map((object, index) => ({ object, path: `#${index}` }));
  while (stack.length > 0 && found.length < limit) {
    const { object: raw, path } = stack.pop()!;
    const object = resolve(raw, path);
    if (!object || seen.has(object)) continue;
    seen.add(object);
    if (object instanceof PDFArray) {
      object.asArray().forEach((item, index) => stack.push({ object: item, path: `${path}[${index}]` }));
      continue;
    }
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (!dict) continue;
    for (const [key, value] of dict.entries()) {
      const name = viewerName(key.asString());
      const here = `${path}/${name}`;
      if (rules.keys.has(name)) found.push({ path: here, why: `key ${name}` });
      if (name === 'S' || name === 'Subtype' || name === 'Type') {
        const named = nameOf(value) ?? '';
        if (name === 'S' ? rules.actions.has(named) : rules.types.has(named)) found.push({ path: here, why: `${name === 'S' ? 'action' : 'type'} ${named}` });
      }
      stack.push({ object: value, path: here });
    }
  }
  return found;
}

/**
 * Every indirect object of a parsed file and its trailer's entries, reachable or not: what an upload
 * is judged on (REFUSED), and, `strict`, what the buyer's copy is checked for before it is handed out.
 */
export function findActiveAnywhere(lib: PdfLib, context: PDFContext, strict = false): ActiveFinding[] {
  const trailer = Object.values(context.trailerInfo).filter((value): value is PDFObject => value !== undefined);
  return findActive(lib, context, [...trailer, ...context.enumerateIndirectObjects().map(([ref]) => ref)], strict);
}
