import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router/link';
import { formatNumber } from '@bedriftstorget/core/format/nb';
import { adminReports as t } from '@bedriftstorget/core/texts/share';
import { trpc } from '../../lib/trpc';

/** The overview's count of open reports (decision 050), a link to /admin/rapporter; red while any wait. */
export function OpenReportsLink() {
  const count = useQuery(trpc.admin.reports.count.queryOptions());
  if (count.data === undefined) return null;
  const waiting = count.data > 0;
  return (
    <Link
      to="/admin/rapporter"
      data-stat="openReports"
      className={`mt-3 flex items-center justify-between rounded-xl border bg-white p-4 shadow-sm hover:bg-slate-50 ${waiting ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}
    >
      <span className="text-sm text-slate-700">{t.overviewCard}</span>
      <span className={`text-2xl font-bold ${waiting ? 'text-red-700' : 'text-slate-900'}`}>{formatNumber(count.data)}</span>
    </Link>
  );
}
