/** The data room's limits (decision 097), shared by the browser's checks and the server's. */
export const MAX_DOCUMENTS = 10;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 120;
export const FILE_NAME_MAX = 200;
/** A download link lives this long (seconds); the stamped copy a little longer, then the clean-up takes it. */
export const DOWNLOAD_LINK_SECONDS = 300;
export const DOCUMENT_CONTENT_TYPE = 'application/pdf';

export const documentStatuses = ['pending', 'ready'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/**
 * Key layout in the documents bucket (decision 097): the browser posts to `document-uploads/`, the
 * server writes what it checked to `documents/`, and stamped copies go to `stamped/` for minutes.
 * Every key carries a random UUID; none is ever served at /images.
 */
export const DOCUMENT_UPLOAD_PREFIX = 'document-uploads/';
export const DOCUMENT_PREFIX = 'documents/';
export const STAMPED_PREFIX = 'stamped/';
/** An accepted offer's Intensjonsavtale (decision 123): written by the server, read by the two parties only. */
export const LOI_PREFIX = 'loi/';
export const DOCUMENT_KEY_PREFIXES = [DOCUMENT_UPLOAD_PREFIX, DOCUMENT_PREFIX, STAMPED_PREFIX, LOI_PREFIX] as const;

export function isDocumentKey(key: string): boolean {
  return DOCUMENT_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}
