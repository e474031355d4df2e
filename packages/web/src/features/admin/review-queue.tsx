import { useMutation, useQueryClient } from '@tanstack/react-query';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { QUEUE_SIZE } from '@bedriftstorget/core/admin/rules';
import { adminCommon, overview as texts } from '@bedriftstorget/core/texts/admin';
import { toast } from '../../lib/toast';
import { Link } from '../../router/link';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminTable, EmptyRow, SelectBox, Th, tdClass } from './admin-table';
import { FlagBadge } from './badges';
import { seenOf, type QueueItemData, type Seen } from './types';
import { RejectDialog } from './reject-dialog';
import { ApproveNoteDialog } from './approve-note-dialog';
import { needsApprovalNote, RegistryPanel } from './registry-panel';
import { useSelection } from './use-selection';
import { useNewVersions } from './new-versions';
import { useState } from 'react';

/** The 10 oldest pending listings, approve or reject one at a time or the selection. */
export function ReviewQueue({ items, pendingTotal, promiseHours }: { items: QueueItemData[]; pendingTotal: number; promiseHours: number }) {
  const queryClient = useQueryClient();
  const selection = useSelection(items.map((item) => item.id));
  const newVersions = useNewVersions(items);
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.admin.overview.pathFilter()), queryClient.invalidateQueries(trpc.admin.listings.pathFilter())]);

  // What staff clicked, with the version each row showed then (decision 106).
  const [rejecting, setRejecting] = useState<Seen | null>(null);
  const [noting, setNoting] = useState<Seen | null>(null);
  const done = (approved: boolean) => (result: { changed: string[] }, variables: { ids: string[] }) => {
    if (!approved) setRejecting(null);
    else setNoting(null);
    const n = result.changed.length;
    if (variables.ids.length === 1) toast.success(approved ? texts.approved : texts.rejected);
    else toast.success(approved ? texts.approvedMany(n) : texts.rejectedMany(n));
    selection.clear();
    return refresh();
  };
  const failed = (approved: boolean) => (error: unknown) => {
    toast.error(approved ? texts.approveFailed : texts.rejectFailed, { description: errorMessage(error) });
    return refresh();
  };
  const approve = useMutation(trpc.admin.review.approve.mutationOptions({ onSuccess: done(true), onError: failed(true) }));
  const reject = useMutation(trpc.admin.review.reject.mutationOptions({ onSuccess: done(false), onError: failed(false) }));
  const busy = approve.isPending || reject.isPending;
  const act = (which: 'approve' | 'reject', ids: string[]) => {
    // An empty selection does nothing (docs/product.md, 'Admin details').
    if (ids.length === 0 || busy) return;
    // A rejection asks for its reason first: it is mailed to the owner and logged.
    const seen = seenOf(items, ids);
    if (which === 'approve') {
      if (needsApprovalNote(items, ids)) setNoting(seen);
      else approve.mutate(seen);
    }
    else setRejecting(seen);
  };

  return (
    <section aria-labelledby="queue-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="queue-title" className="text-xl font-bold">{texts.queueTitle}</h2>
          <p className="text-sm text-slate-600">{texts.queueIntro(promiseHours)}</p>
        </div>
        {pendingTotal > items.length && <p className="text-sm text-slate-600">{texts.queueMore(items.length, pendingTotal)}</p>}
      </div>
      {selection.ids.length > 0 && (
        <div role="toolbar" aria-label={adminCommon.selection} className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-2">
          <span className="mr-2 font-semibold">{adminCommon.selected(selection.ids.length)}</span>
          <Button onClick={() => act('approve', selection.ids)} disabled={busy}>{texts.approveSelected}</Button>
          <Button variant="danger" onClick={() => act('reject', selection.ids)} disabled={busy}>{texts.rejectSelected}</Button>
        </div>
      )}
      <AdminTable label={texts.queueTitle} regionLabel={texts.queueRegion} busy={busy}>
        <thead>
          <tr>
            <Th className="w-10">
              <SelectBox label={adminCommon.selectAll} checked={selection.allChecked} indeterminate={selection.someChecked} onChange={selection.setAll} />
            </Th>
            <Th>{texts.columns.title}</Th>
            <Th>{texts.columns.industry}</Th>
            <Th>{texts.columns.owner}</Th>
            <Th>{texts.columns.age}</Th>
            <Th>{texts.columns.actions}</Th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && <EmptyRow columns={6} text={texts.queueEmpty} />}
          {items.slice(0, QUEUE_SIZE).map((item) => (
            <tr key={item.id} data-overdue={item.overdue} className={item.overdue ? 'bg-red-50/60' : undefined}>
              <td className={tdClass}>
                <SelectBox label={adminCommon.selectRow(item.title)} checked={selection.has(item.id)} onChange={(on) => selection.toggle(item.id, on)} />
              </td>
              <td className={`${tdClass} max-w-xs truncate font-medium`}>
                <Link to={`/bedrift/${item.id}`} className="text-brand-700 hover:underline">{item.title}</Link>
                {newVersions.has(item.id) && <span className="ml-2"><FlagBadge tone="warning">{texts.newVersion}</FlagBadge></span>}
                <RegistryPanel item={item} />
              </td>
              <td className={tdClass}>{industryLabels[item.industry]}</td>
              <td className={tdClass}>
                <span className="block">{item.ownerName ?? adminCommon.notSet}</span>
                <span className="block text-xs text-slate-600">{item.ownerEmail}</span>
              </td>
              <td className={tdClass}>
                <span className="mr-2 tabular-nums">{texts.age(item.ageHours)}</span>
                {item.overdue ? <FlagBadge tone="danger">{texts.overdue}</FlagBadge> : item.nearLimit ? <FlagBadge tone="warning">{texts.nearLimit}</FlagBadge> : null}
              </td>
              <td className={tdClass}>
                <div className="flex gap-2">
                  <Button className="px-3 py-1.5" onClick={() => act('approve', [item.id])} disabled={busy}>{texts.approve}</Button>
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => act('reject', [item.id])} disabled={busy}>{texts.reject}</Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <ApproveNoteDialog seen={noting} busy={busy} onClose={() => setNoting(null)} onApprove={(input) => approve.mutate(input)} />
      <RejectDialog seen={rejecting} busy={busy} onClose={() => setRejecting(null)} onReject={(input) => reject.mutate(input)} />
    </section>
  );
}
