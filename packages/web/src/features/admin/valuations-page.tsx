import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { formatDate, formatNok } from '@bedriftstorget/core/format/nb';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { valuationAdmin as t } from '@bedriftstorget/core/texts/numbers';
import { valuationStatuses, type ValuationStatus } from '@bedriftstorget/core/valuation/enums';
import { Page } from '../../components/page';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AdminTable, EmptyRow, Th, tdClass } from './admin-table';
import { QueryState } from './query-state';
import { Pager } from './pager';
import { useCursorPager } from './use-cursor-pager';

/** /admin/verdivurderinger: every valuation request, newest first, with staff's follow-up status. */
export function ValuationsPage() {
  const pager = useCursorPager('all');
  const list = useQuery(trpc.admin.valuations.list.queryOptions({ cursor: pager.cursor }));
  const queryClient = useQueryClient();
  const setStatus = useMutation(trpc.admin.valuations.setStatus.mutationOptions({
    onSuccess: () => {
      toast.success(t.updated);
      return queryClient.invalidateQueries(trpc.admin.valuations.pathFilter());
    },
    onError: (error) => toast.error(adminCommon.error, { description: errorMessage(error) }),
  }));
  const c = t.columns;
  return (
    <Page title={t.title} wide>
      <p className="mb-4 text-slate-600">{t.intro}</p>
      <QueryState query={list} loadFailed={t.loadFailed}>
        {(data) => (
          <>
            <AdminTable label={t.title}>
              <thead>
                <tr>
                  {[c.date, c.industry, c.revenue, c.profit, c.estimate, c.email, c.status].map((label) => <Th key={label}>{label}</Th>)}
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={7} text={t.empty} />}
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <td className={`${tdClass} tabular-nums`}>{formatDate(item.createdAt)}</td>
                    <td className={tdClass}>{industryLabels[item.industry]}</td>
                    <td className={`${tdClass} tabular-nums`}>{item.revenue === null ? adminCommon.dash : formatNok(item.revenue)}</td>
                    <td className={`${tdClass} tabular-nums`}>{item.profit === null ? adminCommon.dash : formatNok(item.profit)}</td>
                    <td className={`${tdClass} tabular-nums`}>{formatNok(item.lowValue)} – {formatNok(item.highValue)}</td>
                    <td className={tdClass}>{item.email ?? t.noEmail}</td>
                    <td className={tdClass}>
                      <select
                        aria-label={t.statusFor(formatDate(item.createdAt))}
                        value={item.status}
                        disabled={setStatus.isPending}
                        onChange={(e) => setStatus.mutate({ id: item.id, status: e.target.value as ValuationStatus })}
                        className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
                      >
                        {valuationStatuses.map((status) => <option key={status} value={status}>{t.statuses[status]}</option>)}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
            <Pager info={adminCommon.page(pager.page)} hasPrevious={pager.hasPrevious} nextCursor={data.nextCursor} onPrevious={pager.previous} onNext={pager.next} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
