/**
 * The documents bucket's settings as plain values (no SST globals), so tests can read what
 * stacks/documents.ts deploys (decision 097).
 */
import { DOCUMENT_UPLOAD_PREFIX, STAMPED_PREFIX } from '../packages/core/src/data-room/limits';

/**
 * Unconfirmed uploads and stamped copies never stay: the scheduled job removes them within the hour
 * or the day, and the bucket itself expires whatever a failed job left after a day.
 */
export const DOCUMENTS_LIFECYCLE = [
  { id: 'expire-document-uploads', prefix: DOCUMENT_UPLOAD_PREFIX, expiresIn: '1 day' as const },
  { id: 'expire-stamped-copies', prefix: STAMPED_PREFIX, expiresIn: '1 day' as const },
];

/** Presigned POSTs come straight from the browser; the download link is a plain navigation. */
export const DOCUMENTS_CORS = {
  allowOrigins: ['*'],
  allowMethods: ['POST'] as 'POST'[],
  allowHeaders: ['*'],
  maxAge: '1 day' as const,
};
