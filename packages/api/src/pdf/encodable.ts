import type { PDFFont } from 'pdf-lib';

/**
 * The standard fonts write WinAnsi only: æøå and most of Latin-1 pass, anything else becomes '?'.
 * A module of its own with a type import only, so the LOI (which loads pdf-lib on first use) and the
 * data room's worker share it without a static pdf-lib import in the API bundle.
 */
export function encodable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}
