/** What the API asks the PDF worker and what it answers (decision 103). No pdf-lib here: the API's side never loads it. */
export type PdfJob = { kind: 'inspect'; bytes: Uint8Array } | { kind: 'stamp'; bytes: Uint8Array; text: string };

/**
 * Why a file was refused, mapped to the seller's Norwegian text by pdf.ts. `tooComplex`: over the
 * inflated-size or object limits, the memory limit or the time limit; `unsafeCopy`: the buyer's copy
 * still held something active (a bug of ours, never handed out).
 */
export type PdfRefusalCode = 'notPdf' | 'encrypted' | 'tooManyPages' | 'hasScripts' | 'tooComplex' | 'unsafeCopy';

export type PdfOutcome = { pages: number } | { bytes: Uint8Array } | { refused: PdfRefusalCode; detail?: string };
