import * as z from 'zod';

/**
 * Text as people typed it, without what they cannot see (decision record 019: six zero-width spaces once passed 'min 5'):
 * NFC so 'é' is one character however it was typed; control characters out (line breaks kept
 * where a field has lines); format characters out — bidi overrides (U+202A–202E, U+2066–2069),
 * zero-width spaces, BOM, soft hyphen — except the zero-width joiner inside an emoji sequence.
 * Shared by the web forms and the server, so both count the same.
 */
const FORMAT = /\p{Cf}/gu;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;
const JOINER_MARK = '\uE000'; // private use: holds the emoji joiners while format characters go

export function cleanText(text: string, options: { multiline?: boolean } = {}): string {
  const normalized = text.normalize('NFC').replace(/\r\n?/g, '\n');
  const withoutFormat = normalized.replace(EMOJI_JOINER, JOINER_MARK).replace(FORMAT, '').replaceAll(JOINER_MARK, '\u200D');
  return withoutFormat.replace(/\p{Cc}/gu, (ch) => (ch === '\n' && options.multiline ? '\n' : ch === '\n' || ch === '\t' ? ' ' : ''));
}

const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('nb', { granularity: 'grapheme' }) : null;

/** Characters as a reader counts them: one per grapheme (an emoji with its modifiers is one). */
export function visibleLength(text: string): number {
  if (!graphemes) return [...text].length;
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** A trimmed, cleaned text field: `min` counts visible characters, `max` the stored length. */
export function textField(options: { min?: number; max: number; minMessage?: string; maxMessage: string; multiline?: boolean }) {
  const base = z
    .string(options.minMessage ? { error: options.minMessage } : undefined)
    .overwrite((text) => cleanText(text, options))
    .trim()
    .max(options.max, options.maxMessage);
  const { min, minMessage } = options;
  return min ? base.refine((text) => visibleLength(text) >= min, { message: minMessage }) : base;
}
