import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '@bedriftstorget/core/format/nb';
import { accessAdmin as t, accessAnswer } from '@bedriftstorget/core/texts/access';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { Link } from '../../router/link';
import { Page } from '../../components/page';
import { trpc } from '../../lib/trpc';
import { AdminTable, EmptyRow, Th, tdClass } from './admin-table';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { useCursorPager } from './use-cursor-pager';

/**
 * /admin/tilgang (decision 096): every 'Be om tilgang', newest first, with the Taushetserklæring the
 * buyer accepted — who (name and e-mail as recorded), which version, when and from which network
 * address — and where it stands; a deleted buyer's record too, for two years (decision 100).
 */
export function AccessPage() {
  const pager = useCursorPager('all');
  const list = useQuery(trpc.admin.access.list.queryOptions({ cursor: pager.cursor }));
  const c = t.columns;
  return (
    <Page title={t.title} wide>
      <p className="mb-4 text-slate-600">{t.intro}</p>
      <QueryState query={list} loadFailed={t.loadFailed}>
        {(data) => (
          <>
            <AdminTable label={t.title}>
              <thead>
                <tr>{[c.date, c.listing, c.buyer, c.status, c.version, c.acceptedAt, c.acceptedFrom, c.answeredAt].map((label) => <Th key={label}>{label}</Th>)}</tr>
              </thead>
              <tbody>
                {data.items.length === 0 && <EmptyRow columns={8} text={t.empty} />}
                {data.items.map((item) => (
                  <tr key={item.id} data-testid="admin-access-row">
                    <td className={`${tdClass} tabular-nums`}>{formatDate(item.createdAt)}</td>
                    <td className={tdClass}><Link to={`/bedrift/${item.listingId}`} className="text-brand-700 underline">{item.listingTitle}</Link></td>
                    <td className={`${tdClass} break-all`}>
                      {item.buyerName && <span className="block font-medium">{item.buyerName}</span>}
                      {item.buyerEmail ?? adminCommon.dash}
                    </td>
                    {/* A deleted buyer's acceptance stays as its record until kept no longer (decision 100). */}
                    <td className={tdClass}>{item.keptUntil ? accessAnswer.accountDeleted(formatDate(item.keptUntil)) : accessAnswer.statuses[item.status]}</td>
                    <td className={`${tdClass} font-mono`}>{item.ndaVersion}</td>
                    <td className={`${tdClass} tabular-nums`}>{formatDateTime(item.ndaAcceptedAt)}</td>
                    <td className={`${tdClass} font-mono`}>{item.ndaAcceptedFrom}</td>
                    <td className={`${tdClass} tabular-nums`}>{item.answeredAt ? formatDateTime(item.answeredAt) : adminCommon.dash}</td>
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
