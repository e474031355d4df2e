import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_DOCUMENTS } from '@bedriftstorget/core/data-room/limits';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { OwnDocumentList } from './document-list';
import { DownloadLog } from './download-log';
import { UploadForm } from './upload-form';

/** The 'Dokumenter' section of one listing in /mine-annonser (decision 097): upload, rename, delete, and who opened them. */
export function SellerDocuments({ listingId }: { listingId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.dataRoom.list.queryOptions({ listingId }));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.dataRoom.list.queryFilter({ listingId }));
    void queryClient.invalidateQueries(trpc.seller.mine.pathFilter());
  };
  return (
    <section aria-labelledby={`documents-${listingId}`} data-testid="seller-documents">
      <h3 id={`documents-${listingId}`} className="text-base font-bold">{texts.heading}</h3>
      <p className="mb-2 text-sm text-slate-600">{texts.intro}</p>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">{list.error.message}</p>
      ) : (
        <>
          <p className="text-sm font-medium">{texts.count(list.data.documents.length, MAX_DOCUMENTS)}</p>
          <OwnDocumentList documents={list.data.documents} onChanged={refresh} />
          <div className="mt-3">
            <UploadForm listingId={listingId} count={list.data.documents.length} onUploaded={refresh} />
          </div>
          <DownloadLog listingId={listingId} />
        </>
      )}
    </section>
  );
}
