import { constants, createInflate } from 'node:zlib';

/**
 * What a PDF may cost before pdf-lib parses it (decision 103). pdf-lib inflates every object stream
 * and cross-reference stream while it loads a file, all at once and in memory: a 204 KB file whose
 * object stream inflates to 200 MB took 6–15 s and ~590 MB. So the raw file is read first, here:
 * those streams are inflated with zlib under a budget (counted and dropped, stopping at the cap), and objects are counted, before pdf-lib sees a byte.
 */

/**
 * How many bytes `raw` inflates to, counted chunk by chunk and thrown away, stopping past `cap`:
 * a bomb costs the time to inflate the budget, never the memory. A broken stream counts what came
 * out before the break (pdf-lib refuses what it cannot read).
 */
export function inflatedSize(raw: Uint8Array, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => resolve(total));
    inflate.end(raw);
  });
}
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** A 2000-page annual report has some tens of thousands of objects; a million-object file is an attack. */
export const MAX_OBJECTS = 250_000;

export type LimitVerdict = { ok: true; objects: number; inflated: number } | { ok: false; why: 'inflated' | 'objects' | 'filter' };

/** A name in a dictionary's text as a viewer reads it (`#xx` escapes in either case, decision 102). */
const readNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A stream's start: the keyword `stream` and its end of line (never the `endstream` that closes one). */
const STREAM = /(?<!end)stream\r?\n/g;

/** The dictionary text in front of a `stream` keyword: back to the `obj` that opens it (at most 4 KB back). */
function dictionaryBefore(text: string, at: number): string {
  const from = Math.max(0, at - 4096);
  const head = text.slice(from, at);
  const opened = head.lastIndexOf(' obj');
  return readNames(opened >= 0 ? head.slice(opened) : head);
}

/**
 * Checks the raw file against the limits. Only the streams pdf-lib itself decodes while loading
 * (`/Type /ObjStm` and `/Type /XRef`) are inflated; their filter must be Flate or none, since the
 * other decoders (LZW, RunLength, …) have no cap to hand. Page contents are copied, never decoded.
 */
export async function checkLimits(bytes: Uint8Array): Promise<LimitVerdict> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let objects = (text.match(/\d+\s+\d+\s+obj\b/g) ?? []).length;
  let inflated = 0;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const dict = dictionaryBefore(text, match.index);
    if (!/\/Type\s*\/(ObjStm|XRef)\b/.test(dict)) continue;
    const declared = /\/N\s+(\d+)/.exec(dict);
    if (declared && /\/ObjStm\b/.test(dict)) objects += Number(declared[1]);
    if (objects > MAX_OBJECTS) return { ok: false, why: 'objects' };
    const filters = [...dict.matchAll(/\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/g)].flatMap((f) => f[1]!.match(/\/[A-Za-z0-9]+/g) ?? []);
    // A filter given by reference (`/Filter 5 0 R`) is resolved by pdf-lib but not by this reading: refused.
    const named = (dict.match(/\/Filter\b/g) ?? []).length;
    if (named !== (dict.match(/\/Filter\s*[[/]/g) ?? []).length) return { ok: false, why: 'filter' };
    if (filters.some((filter) => filter !== '/FlateDecode' && filter !== '/Fl')) return { ok: false, why: 'filter' };
    if (filters.length === 0) continue;
    const end = text.indexOf('endstream', start);
    const raw = bytes.subarray(start, end < 0 ? bytes.length : end);
    inflated += await inflatedSize(raw, MAX_INFLATED_BYTES - inflated);
    if (inflated > MAX_INFLATED_BYTES) return { ok: false, why: 'inflated' };
  }
  return objects > MAX_OBJECTS ? { ok: false, why: 'objects' } : { ok: true, objects, inflated };
}
