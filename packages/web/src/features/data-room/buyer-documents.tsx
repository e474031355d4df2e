import { useMutation, useQuery } from '@tanstack/react-query';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DocumentFacts } from './document-facts';

/**
 * 'Dokumenter' on the listing page for whoever may open them (decision 097): a buyer with access, the
 * owner, staff. Everyone else gets NOT_FOUND from the server, and then this shows nothing at all.
 */
export function BuyerDocuments({ listingId, nested = false }: { listingId: string; /** Inside the access card: no frame of its own, a sub-heading. */ nested?: boolean }) {
  const list = useQuery(trpc.dataRoom.list.queryOptions({ listingId }, { retry: false }));
  const download = useMutation(trpc.dataRoom.download.mutationOptions({
    // The link is valid five minutes: it is followed at once, and the browser saves the file (attachment).
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(texts.downloadFailed, { description: errorMessage(error) }),
  }));
  if (!list.data || list.data.documents.length === 0) return null;
  return (
    <section aria-labelledby="data-room-heading" className={nested ? '' : 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'} data-testid="data-room">
      {nested
        ? <h3 id="data-room-heading" className="font-bold">{texts.buyerHeading}</h3>
        : <h2 id="data-room-heading" className="text-lg font-bold">{texts.buyerHeading}</h2>}
      <p className="text-sm text-slate-600">{texts.stampNote}</p>
      <ul className="mt-2">
        {list.data.documents.map((document) => (
          <li key={document.id} className="flex flex-col gap-2 border-b border-slate-100 py-2 last:border-0 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="break-words font-semibold">{document.title}</p>
              <DocumentFacts document={document} />
            </div>
            <Button variant="secondary" aria-label={texts.downloadLabel(document.title)} disabled={download.isPending}
              onClick={() => download.mutate({ documentId: document.id })}>
              {download.isPending && download.variables.documentId === document.id ? texts.preparing : texts.download}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
