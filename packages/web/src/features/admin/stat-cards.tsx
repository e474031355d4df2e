import { formatNumber } from '@bedriftstorget/core/format/nb';
import { overview as texts } from '@bedriftstorget/core/texts/admin';
import type { AdminStatsData } from './types';

/** Listings by status, then users and leads new in the last 7 days (docs/product.md, 'Admin details'). */
export function StatCards({ stats }: { stats: AdminStatsData }) {
  const cards: { key: string; label: string; value: number; alert?: boolean }[] = [
    { key: 'pending', label: texts.stats.pending, value: stats.byStatus.pending },
    { key: 'overdue', label: texts.stats.overdue(stats.promiseHours), value: stats.overdue, alert: stats.overdue > 0 },
    { key: 'active', label: texts.stats.active, value: stats.byStatus.active },
    { key: 'sold', label: texts.stats.sold, value: stats.byStatus.sold },
    { key: 'archived', label: texts.stats.archived, value: stats.byStatus.archived },
    { key: 'rejected', label: texts.stats.rejected, value: stats.byStatus.rejected },
    { key: 'newUsers', label: texts.stats.newUsers, value: stats.newUsers },
    { key: 'newLeads', label: texts.stats.newLeads, value: stats.newLeads },
  ];
  return (
    <section aria-label={texts.statsTitle}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          <div key={card.key} data-stat={card.key} className={`rounded-xl border bg-white p-4 shadow-sm ${card.alert ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}>
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className={`mt-1 text-2xl font-bold ${card.alert ? 'text-red-700' : 'text-slate-900'}`}>{formatNumber(card.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
