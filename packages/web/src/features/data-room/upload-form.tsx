import { useId, useRef, useState } from 'react';
import { DOCUMENT_TITLE_MAX, MAX_DOCUMENTS } from '@bedriftstorget/core/data-room/limits';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { localProblem, uploadDocument, type UploadStage } from './upload-document';

/**
 * 'Last opp' for one PDF at a time: the file, an optional title (the file name when empty), the
 * progress announced to screen readers, and the server's refusal under the field.
 */
export function UploadForm({ listingId, count, onUploaded }: { listingId: string; count: number; onUploaded: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [stage, setStage] = useState<UploadStage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const full = count >= MAX_DOCUMENTS;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const problem = localProblem(file);
    if (problem) return setError(problem);
    setError(null);
    try {
      const done = await uploadDocument(listingId, file, title, setStage);
      toast.success(texts.uploaded(done.title));
      setFile(null);
      setTitle('');
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (failure) {
      setError(failure instanceof Error && failure.message.startsWith('upload') ? texts.uploadFailed : errorMessage(failure));
    } finally {
      setStage(null);
    }
  };

  const busy = stage !== null;
  const progress = stage?.stage === 'uploading' ? texts.uploading(stage.percent) : stage ? texts.checking : '';
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3" noValidate>
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">{texts.chooseFile}</label>
        <input
          ref={input} id={`${id}-file`} type="file" accept="application/pdf,.pdf" disabled={busy || full}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}
          onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null); }}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-white file:px-3 file:py-2 file:font-semibold file:shadow-sm"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{full ? texts.tooMany : texts.fileHint}</p>
        {error && <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">{error}</p>}
      </div>
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-800">{texts.titleLabel}</label>
        <input
          id={`${id}-title`} value={title} maxLength={DOCUMENT_TITLE_MAX} disabled={busy || full} aria-describedby={`${id}-title-hint`}
          onChange={(e) => setTitle(e.target.value)} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <p id={`${id}-title-hint`} className="mt-1 text-xs text-slate-600">{texts.titleHint}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!file || busy || full}>{texts.upload}</Button>
        <p role="status" aria-live="polite" className="text-sm text-slate-700">{progress}</p>
        {stage?.stage === 'uploading' && <progress max={100} value={stage.percent} aria-label={progress} className="h-2 w-40" />}
      </div>
    </form>
  );
}
