import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DOCUMENT_TITLE_MAX } from '@bedriftstorget/core/data-room/limits';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DocumentFacts, type ListedDocument } from './document-facts';

/** One of the seller's documents: its title (editable in place) and 'Slett'. */
function OwnDocument({ document, onChanged }: { document: ListedDocument; onChanged: () => void }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(document.title);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rename = useMutation(trpc.dataRoom.rename.mutationOptions({
    onSuccess: () => { toast.success(texts.renamed); setEditing(false); onChanged(); },
    onError: (failure) => setError(errorMessage(failure)),
  }));
  const remove = useMutation(trpc.dataRoom.remove.mutationOptions({
    onSuccess: () => { toast.success(texts.removed); setConfirming(false); onChanged(); },
    onError: (failure) => toast.error(errorMessage(failure)),
  }));
  return (
    <li className="flex flex-col gap-2 border-b border-slate-100 py-2 last:border-0 sm:flex-row sm:items-center sm:justify-between" data-testid="own-document">
      {editing ? (
        <form className="flex flex-1 flex-col gap-1" onSubmit={(e) => { e.preventDefault(); rename.mutate({ documentId: document.id, title }); }}>
          <label htmlFor={`${id}-title`} className="text-sm font-medium">{texts.titleLabel}</label>
          <div className="flex flex-wrap gap-2">
            <input id={`${id}-title`} value={title} maxLength={DOCUMENT_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined} className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm" />
            <Button type="submit" disabled={rename.isPending}>{texts.saveTitle}</Button>
            <Button variant="ghost" onClick={() => { setEditing(false); setTitle(document.title); setError(null); }}>{texts.cancel}</Button>
          </div>
          {error && <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700">{error}</p>}
        </form>
      ) : (
        <div className="min-w-0">
          <p className="break-words font-semibold">{document.title}</p>
          <DocumentFacts document={document} />
        </div>
      )}
      {!editing && (
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>{texts.rename}</Button>
          <Button variant="ghost" className="text-red-700" aria-label={texts.removeLabel(document.title)} onClick={() => setConfirming(true)}>{texts.remove}</Button>
        </div>
      )}
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} title={texts.removeConfirm(document.title)} confirmLabel={texts.remove}
        busy={remove.isPending} onConfirm={() => remove.mutate({ documentId: document.id })} />
    </li>
  );
}

export function OwnDocumentList({ documents, onChanged }: { documents: ListedDocument[]; onChanged: () => void }) {
  if (documents.length === 0) return <p className="text-sm text-slate-600">{texts.empty}</p>;
  return <ul>{documents.map((document) => <OwnDocument key={document.id} document={document} onChanged={onChanged} />)}</ul>;
}
