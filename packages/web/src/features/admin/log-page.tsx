import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shortTargetId } from '@bedriftstorget/core/admin/rules';
import { formatDateTime } from '@bedriftstorget/core/format/nb';
import { adminLog as texts, logActionLabel } from '@bedriftstorget/core/texts/admin';
import { Page } from '../../components/page';
import { trpc } from '../../lib/trpc';
import { AdminTable, EmptyRow, Th, tdClass } from './admin-table';
import { LogTypeBadge } from './badges';
import { QueryState } from './query-state';

/** /admin/logg: the newest 100 entries. */
export function LogPage() {
  const log = useQuery(trpc.admin.log.list.queryOptions());
  useEffect(() => {
    // A failed load is logged for the developer; the page says so too.
    if (log.isError) console.error('admin log could not be loaded', log.error);
  }, [log.isError, log.error]);
  const c = texts.columns;
  return (
    <Page title={texts.title} wide>
      <QueryState query={log} loadFailed={texts.loadFailed}>
        {(entries) => (
          <AdminTable label={texts.title}>
            <thead>
              <tr>
                <Th>{c.time}</Th>
                <Th>{c.admin}</Th>
                <Th>{c.type}</Th>
                <Th>{c.action}</Th>
                <Th>{c.target}</Th>
              </tr>
            </thead>
            <tbody>
              {entries.length === 0 && <EmptyRow columns={5} text={texts.empty} />}
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={`${tdClass} tabular-nums`}>{formatDateTime(entry.createdAt)}</td>
                  <td className={tdClass}>
                    <span className="block font-medium">{entry.adminName || texts.notSet}</span>
                    {entry.adminEmail && <span className="block text-xs text-slate-600">{entry.adminEmail}</span>}
                  </td>
                  <td className={tdClass}><LogTypeBadge type={entry.targetType} /></td>
                  <td className={tdClass}>
                    {logActionLabel(entry.action)}
                    {entry.reason && <span className="block max-w-xs whitespace-normal text-xs text-slate-600">{texts.reason}: {entry.reason}</span>}
                  </td>
                  {entry.targets.length > 0 ? (
                    <td className={`${tdClass} whitespace-normal text-xs`}>
                      <span className="font-semibold">{texts.targets(entry.targets.length)}</span>
                      <ul className="max-w-xs">{entry.targets.map((target, i) => <li key={i} className="truncate" title={target}>{target}</li>)}</ul>
                    </td>
                  ) : (
                    entry.targetName ? (
                      // The title or name says what it concerns; the id stays in the tooltip for lookups.
                      <td className={`${tdClass} max-w-xs truncate`} title={entry.targetId ?? undefined}>{entry.targetName}</td>
                    ) : (
                      <td className={`${tdClass} font-mono text-xs`} title={entry.targetId ?? undefined}>{shortTargetId(entry.targetId)}</td>
                    )
                  )}
                </tr>
              ))}
            </tbody>
          </AdminTable>
        )}
      </QueryState>
    </Page>
  );
}
