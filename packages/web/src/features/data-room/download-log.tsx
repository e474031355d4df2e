import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@bedriftstorget/core/format/nb';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { trpc } from '../../lib/trpc';

/** 'Hvem har åpnet dokumentene': the seller's log of stamped downloads, newest first. */
export function DownloadLog({ listingId }: { listingId: string }) {
  const log = useQuery(trpc.dataRoom.downloads.queryOptions({ listingId }));
  const columns = texts.openedColumns;
  return (
    <section aria-labelledby={`opened-${listingId}`} className="mt-4">
      <h4 id={`opened-${listingId}`} className="font-semibold">{texts.openedHeading}</h4>
      {!log.data || log.data.length === 0 ? (
        <p className="text-sm text-slate-600">{log.data ? texts.openedEmpty : ''}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="download-log">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pr-3">{columns.who}</th>
                <th scope="col" className="py-1 pr-3">{columns.document}</th>
                <th scope="col" className="py-1">{columns.when}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 last:border-0">
                  {/* Name and e-mail in one cell, so the table fits a phone without scrolling sideways. */}
                  <td className="py-1 pr-3">
                    <span className="block">{row.name ?? texts.deletedUser}</span>
                    {row.email && <span className="block break-all text-slate-600">{row.email}</span>}
                  </td>
                  <td className="py-1 pr-3">{row.documentTitle}</td>
                  <td className="whitespace-nowrap py-1">{formatDateTime(row.downloadedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
