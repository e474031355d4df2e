import * as z from 'zod';
import { textField } from '../text/clean';
import { dataRoomTexts as texts } from '../texts/data-room';
import { DOCUMENT_TITLE_MAX, FILE_NAME_MAX, MAX_DOCUMENT_BYTES } from './limits';

/** The seller's title for a document, shown to buyers (decision 097). */
export const documentTitleSchema = textField({ min: 1, max: DOCUMENT_TITLE_MAX, minMessage: texts.titleRequired, maxMessage: texts.titleTooLong });

/** What the browser says of the file before the upload; the server checks the stored bytes again. */
export const documentUploadSchema = z.object({
  fileName: textField({ min: 1, max: FILE_NAME_MAX, minMessage: texts.notPdf, maxMessage: texts.fileNameTooLong }),
  size: z.number({ error: texts.notPdf }).int().min(1, texts.notPdf).max(MAX_DOCUMENT_BYTES, texts.tooLarge),
});
