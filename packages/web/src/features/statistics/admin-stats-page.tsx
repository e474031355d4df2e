import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber } from '@bedriftstorget/core/format/nb';
import { isoWeek } from '@bedriftstorget/core/stats/buckets';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { adminStatsTexts as t } from '@bedriftstorget/core/texts/numbers';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { LineChart, type Series } from './line-chart';
import { ScrollRegion } from '../../components/scroll-region';

const weekText = (key: string) => t.weekLabel(isoWeek(key));

const COLOURS = ['#1d4ed8', '#16a34a', '#dc2626', '#7c3aed', '#c2410c', '#0891b2', '#4b5563'];

/** /admin/statistikk (lazy-loaded with its chart): the review promise and the activity per day or week. */
export default function AdminStatsPage() {
  return (
    <Page title={t.title} wide>
      <div className="flex flex-col gap-8">
        <ReviewTimes />
        <Activity />
      </div>
    </Page>
  );
}

function ReviewTimes() {
  const review = useQuery(trpc.admin.stats.review.queryOptions());
  if (review.isPending) return <Spinner />;
  if (review.isError) return <LoadError message={t.loadFailed} retryLabel={adminCommon.retry} onRetry={() => void review.refetch()} />;
  const { promiseHours, weeks } = review.data;
  return (
    <section aria-labelledby="review-title" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="review-title" className="mb-3 text-xl font-bold">{t.reviewTitle}</h2>
      <ScrollRegion label={t.timeToApproval} className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t.timeToApproval}</caption>
          <thead className="text-left">
            <tr>
              <th scope="col" className="px-2 py-1">{t.week}</th>
              <th scope="col" className="px-2 py-1 text-right">{t.reviewed}</th>
              <th scope="col" className="px-2 py-1 text-right">{t.timeToApproval} ({t.median})</th>
              <th scope="col" className="px-2 py-1 text-right">{t.timeToApproval} ({t.p95})</th>
              <th scope="col" className="px-2 py-1 text-right">{t.within(promiseHours)}</th>
            </tr>
          </thead>
          <tbody>
            {[...weeks].reverse().map((week) => (
              <tr key={week.week} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1 text-left font-normal tabular-nums">{weekText(week.week)}</th>
                <td className="px-2 py-1 text-right tabular-nums">{formatNumber(week.approved)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{t.hours(week.medianHours)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{t.hours(week.p95Hours)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{t.share(week.withinPromise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function Activity() {
  const [days, setDays] = useState<30 | 90>(30);
  const [bucket, setBucket] = useState<'day' | 'week'>('day');
  // Keep the shown chart (and an open table) while another period loads.
  const activity = useQuery(trpc.admin.stats.activity.queryOptions({ days, bucket }, { placeholderData: (previous) => previous }));
  const series: Series[] = activity.data
    ? Object.entries(activity.data.series).map(([name, values], i) => ({ label: t.series[name as keyof typeof t.series], values, colour: COLOURS[i % COLOURS.length]! }))
    : [];
  return (
    <section aria-labelledby="activity-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="activity-title" className="text-xl font-bold">{t.activityTitle}</h2>
        <div className="flex gap-3">
          <label className="flex flex-col text-sm font-medium">
            {t.range}
            <select value={days} onChange={(e) => setDays(Number(e.target.value) === 90 ? 90 : 30)} className="rounded-lg border border-slate-300 bg-white px-3 py-2">
              <option value={30}>{t.days(30)}</option>
              <option value={90}>{t.days(90)}</option>
            </select>
          </label>
          <label className="flex flex-col text-sm font-medium">
            {t.bucket}
            <select value={bucket} onChange={(e) => setBucket(e.target.value === 'week' ? 'week' : 'day')} className="rounded-lg border border-slate-300 bg-white px-3 py-2">
              <option value="day">{t.perDay}</option>
              <option value="week">{t.perWeek}</option>
            </select>
          </label>
        </div>
      </div>
      {activity.isPending ? (
        <Spinner />
      ) : activity.isError ? (
        <LoadError message={t.loadFailed} retryLabel={adminCommon.retry} onRetry={() => void activity.refetch()} />
      ) : (
        <LineChart title={t.activityTitle} keys={activity.data.keys} series={series} keyLabel={bucket === 'day' ? t.perDay : t.perWeek}
          {...(bucket === 'week' ? { keyText: weekText, axisText: weekText } : {})} showTable={t.showTable} hideTable={t.hideTable} />
      )}
    </section>
  );
}
