import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCommon, overview as texts } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { Link } from '../../router/link';
import { ApproveNoteDialog } from './approve-note-dialog';
import { needsApprovalNote, RegistryPanel } from './registry-panel';
import { RejectDialog } from './reject-dialog';
import { FlagBadge } from './badges';
import { useNewVersions } from './new-versions';
import { fieldLabel, revisionValue } from './revision-values';
import { seenOf, type RevisionItemData, type Seen } from './types';
import { ScrollRegion } from '../../components/scroll-region';

const cell = 'border-b border-slate-100 px-3 py-2 align-top';

/**
 * 'Endringer til godkjenning' (decision 086): sellers' edits of published listings, each changed
 * field's public value and new value, decided with the queue's 'Godkjenn' / 'Avslå'. The public
 * version stays until approval; rejection keeps it and mails the reason.
 */
export function RevisionQueue() {
  const queryClient = useQueryClient();
  const revisions = useQuery(trpc.admin.overview.revisions.queryOptions());
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.admin.overview.pathFilter()), queryClient.invalidateQueries(trpc.admin.listings.pathFilter())]);
  // What staff clicked, with the version the card showed then (decision 106).
  const [rejecting, setRejecting] = useState<Seen | null>(null);
  const [noting, setNoting] = useState<Seen | null>(null);
  const approve = useMutation(
    trpc.admin.review.approve.mutationOptions({
      onSuccess: () => { setNoting(null); toast.success(texts.approved); return refresh(); },
      onError: (error) => { toast.error(texts.approveFailed, { description: errorMessage(error) }); return refresh(); },
    }),
  );
  const reject = useMutation(
    trpc.admin.review.reject.mutationOptions({
      onSuccess: () => { setRejecting(null); toast.success(texts.rejected); return refresh(); },
      onError: (error) => { toast.error(texts.rejectFailed, { description: errorMessage(error) }); return refresh(); },
    }),
  );
  const busy = approve.isPending || reject.isPending;
  const newVersions = useNewVersions(revisions.data ?? []);
  if (!revisions.data || revisions.data.length === 0) return null;

  return (
    <section aria-labelledby="revisions-title" className="mt-8">
      <h2 id="revisions-title" className="mb-3 text-xl font-bold">{texts.revisionTitle}</h2>
      <ul className="grid gap-4">
        {revisions.data.map((item) => (
          <li key={item.id}>
            <RevisionCard
              item={item}
              isNewVersion={newVersions.has(item.id)}
              busy={busy}
              // A flagged company is approved with a note (decision 094), as in the listings' queue.
              onApprove={() => (needsApprovalNote(revisions.data, [item.id]) ? setNoting(seenOf([item], [item.id])) : approve.mutate(seenOf([item], [item.id])))}
              onReject={() => setRejecting(seenOf([item], [item.id]))}
            />
          </li>
        ))}
      </ul>
      <ApproveNoteDialog seen={noting} busy={busy} onClose={() => setNoting(null)} onApprove={(input) => approve.mutate(input)} />
      <RejectDialog seen={rejecting} busy={busy} onClose={() => setRejecting(null)} onReject={(input) => reject.mutate(input)} />
    </section>
  );
}

function RevisionCard({ item, isNewVersion, busy, onApprove, onReject }: { item: RevisionItemData; isNewVersion: boolean; busy: boolean; onApprove: () => void; onReject: () => void }) {
  const { images } = item.changes;
  return (
    <article aria-label={item.title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="revision">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            <Link to={`/bedrift/${item.id}`} className="text-brand-700 hover:underline">{item.title}</Link>
          </h3>
          {isNewVersion && <FlagBadge tone="warning">{texts.newVersion}</FlagBadge>}
          <p className="text-sm text-slate-600">{item.ownerName ?? adminCommon.notSet} · {item.ownerEmail}</p>
          <RegistryPanel item={item} />
        </div>
        <div className="flex gap-2">
          <Button className="px-3 py-1.5" onClick={onApprove} disabled={busy}>{texts.approve}</Button>
          <Button variant="secondary" className="px-3 py-1.5" onClick={onReject} disabled={busy}>{texts.reject}</Button>
        </div>
      </div>
      <ScrollRegion label={`${texts.revisionTitle}: ${item.title}`} className="mt-3 overflow-x-auto">
        <table aria-label={`${texts.revisionTitle}: ${item.title}`} className="min-w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className={`${cell} font-semibold`}>{texts.revisionColumns.field}</th>
              <th scope="col" className={`${cell} font-semibold`}>{texts.revisionColumns.before}</th>
              <th scope="col" className={`${cell} font-semibold`}>{texts.revisionColumns.after}</th>
            </tr>
          </thead>
          <tbody>
            {item.changes.fields.map((change) => (
              <tr key={change.field}>
                <th scope="row" className={`${cell} font-medium`}>{fieldLabel(change.field)}</th>
                <td className={`${cell} max-w-md whitespace-pre-wrap break-words text-slate-600 line-through decoration-slate-400`}>{revisionValue(change, 'before')}</td>
                <td className={`${cell} max-w-md whitespace-pre-wrap break-words`}>{revisionValue(change, 'after')}</td>
              </tr>
            ))}
            {images && (
              <tr>
                <th scope="row" className={`${cell} font-medium`}>{texts.revisionImages}</th>
                <td className={cell}><Thumbs urls={images.before} /></td>
                <td className={cell}><Thumbs urls={images.after} /></td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </article>
  );
}

function Thumbs({ urls }: { urls: string[] }) {
  return (
    // The count as text for screen readers: aria-label is not allowed on a span without a role (axe).
    <span className="flex flex-wrap gap-1">
      <span className="sr-only">{texts.revisionImageCount(urls.length)}</span>
      {urls.map((url) => <img key={url} src={url} alt="" className="h-10 w-14 rounded object-cover" />)}
    </span>
  );
}
