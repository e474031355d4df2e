import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../router/link';
import { toast } from '../../lib/toast';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { adminCommon, adminStatusLabels } from '@bedriftstorget/core/texts/admin';
import { adminReports as t, reportDialog } from '@bedriftstorget/core/texts/share';
import { Button } from '../../components/button';
import { Page } from '../../components/page';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminTable, EmptyRow, Th, tdClass } from './admin-table';
import { DeactivateDialog } from './deactivate-dialog';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { useCursorPager } from './use-cursor-pager';

/**
 * /admin/rapporter (decision 050): open reports, oldest first and 50 per page, with the listing, reason, comment and
 * reporter. 'Avvis' closes one; 'Deaktiver annonsen' (with staff's note to the owner, decision 140) takes the
 * listing off the public pages, closes its open reports and mails the owner — both logged by the server.
 */
export function ReportsPage() {
  const pager = useCursorPager('');
  const list = useQuery(trpc.admin.reports.list.queryOptions({ cursor: pager.cursor }, { placeholderData: (previous) => previous }));
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<{ id: string; title: string } | null>(null);
  const done = (message: string) => {
    toast.success(message);
    setConfirm(null);
    return Promise.all([queryClient.invalidateQueries(trpc.admin.reports.pathFilter()), queryClient.invalidateQueries(trpc.admin.overview.pathFilter())]);
  };
  const failed = (error: unknown) => toast.error(adminCommon.error, { description: errorMessage(error) });
  const dismiss = useMutation(trpc.admin.reports.dismiss.mutationOptions({ onSuccess: () => done(t.dismissed), onError: failed }));
  const deactivate = useMutation(trpc.admin.reports.deactivate.mutationOptions({ onSuccess: () => done(t.acted), onError: failed }));
  const busy = dismiss.isPending || deactivate.isPending;
  const c = t.columns;
  return (
    <Page title={t.title} wide>
      <p className="mb-4 text-slate-600">{t.intro}</p>
      <QueryState query={list} loadFailed={t.loadFailed}>
        {(data) => (
          <>
            <p className="mb-2 text-sm text-slate-600">{t.openCount(data.total)}</p>
            <AdminTable label={t.title} busy={busy || list.isPlaceholderData}>
              <thead>
                <tr>
                  {[c.listing, c.reason, c.comment, c.reporter, c.created, c.actions].map((label) => <Th key={label}>{label}</Th>)}
                </tr>
              </thead>
              <tbody>
                {data.reports.length === 0 && <EmptyRow columns={6} text={t.empty} />}
                {data.reports.map((report) => (
                  <tr key={report.id}>
                    <td className={tdClass}>
                      <Link to={`/bedrift/${report.listingId}`} className="font-semibold text-brand-700 hover:underline">{report.listingTitle}</Link>
                      <span className="ml-2 text-xs text-slate-600">{adminStatusLabels[report.listingStatus]}</span>
                    </td>
                    <td className={tdClass}>{reportDialog.reasons[report.reason]}</td>
                    <td className={`${tdClass} max-w-xs whitespace-pre-line`}>{report.comment ?? t.noComment}</td>
                    <td className={tdClass}>
                      {report.reporterName && <span className="block">{report.reporterName}</span>}
                      <span className="text-sm text-slate-600">{report.reporterEmail}</span>
                    </td>
                    <td className={`${tdClass} tabular-nums`}>{formatDate(report.createdAt)}</td>
                    <td className={tdClass}>
                      <div className="flex gap-2">
                        <Button variant="secondary" aria-label={t.dismissFor(report.listingTitle)} disabled={busy} onClick={() => dismiss.mutate({ id: report.id })}>{t.dismiss}</Button>
                        <Button variant="danger" aria-label={t.actFor(report.listingTitle)} disabled={busy} onClick={() => setConfirm({ id: report.id, title: report.listingTitle })}>{t.act}</Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
            <Pager info={adminCommon.page(pager.page)} hasPrevious={pager.hasPrevious} nextCursor={data.nextCursor} onPrevious={pager.previous} onNext={pager.next} />
          </>
        )}
      </QueryState>
      <DeactivateDialog report={confirm} onClose={() => setConfirm(null)} busy={busy} onDeactivate={(input) => deactivate.mutate(input)} />
    </Page>
  );
}
