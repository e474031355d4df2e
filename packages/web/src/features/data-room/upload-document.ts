import { MAX_DOCUMENT_BYTES } from '@bedriftstorget/core/data-room/limits';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { trpcClient } from '../../lib/trpc';
import { postWithProgress } from '../wizard/upload';

export type UploadStage = { stage: 'uploading'; percent: number } | { stage: 'checking' };

/** A refusal the browser can tell before sending anything (the server checks again from the stored bytes). */
export function localProblem(file: File): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) return texts.tooLarge;
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return texts.notPdf;
  return null;
}

/**
 * Presigned POST straight to the documents bucket (decision 097), with progress, then the server's
 * check. A refusal comes back as the API's error with its Norwegian message.
 */
export async function uploadDocument(listingId: string, file: File, title: string, onStage: (stage: UploadStage) => void) {
  const grant = await trpcClient.dataRoom.presignUpload.mutate({ listingId, fileName: file.name, size: file.size });
  onStage({ stage: 'uploading', percent: 0 });
  // The policy requires exactly this type, whatever the file picker reported.
  await postWithProgress(grant.url, grant.fields, new Blob([file], { type: 'application/pdf' }), (percent) => onStage({ stage: 'uploading', percent }));
  onStage({ stage: 'checking' });
  return trpcClient.dataRoom.confirmUpload.mutate({ documentId: grant.documentId, ...(title.trim() ? { title: title.trim() } : {}) });
}
