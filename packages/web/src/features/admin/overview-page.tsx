import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from '../../router/location';
import { adminEvents } from '@bedriftstorget/core/admin/events';
import { adminCommon, overview as texts } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { useRealtimeEvent } from '../../lib/realtime';
import { trpc } from '../../lib/trpc';
import { OpenReportsLink } from './open-reports-link';
import { ReviewQueue } from './review-queue';
import { RevisionQueue } from './revision-queue';
import { StatCards } from './stat-cards';

/** /admin and /admin/pending: the stat cards and the queue, refreshed live as listings are submitted or handled. */
export function OverviewPage() {
  const queryClient = useQueryClient();
  const stats = useQuery(trpc.admin.overview.stats.queryOptions());
  const queue = useQuery(trpc.admin.overview.queue.queryOptions());
  const refresh = () => void queryClient.invalidateQueries(trpc.admin.overview.pathFilter());
  useRealtimeEvent(adminEvents.submitted, refresh);
  useRealtimeEvent(adminEvents.reviewed, refresh);

  // Til godkjenning opens the same screen at the queue.
  const { pathname } = useLocation();
  const atQueue = pathname.endsWith('/pending');
  const ready = Boolean(queue.data && stats.data);
  useEffect(() => {
    if (atQueue && ready) document.getElementById('queue-title')?.scrollIntoView({ block: 'start' });
  }, [atQueue, ready]);

  if (stats.isPending || queue.isPending) return <Spinner />;
  if (stats.isError || queue.isError) {
    return (
      <Page title={texts.title} wide>
        <p role="alert" className="text-red-700">{texts.loadFailed}</p>
        <Button variant="secondary" className="mt-3" onClick={refresh}>{adminCommon.retry}</Button>
      </Page>
    );
  }
  return (
    <Page title={texts.title} wide>
      <StatCards stats={stats.data} />
      <OpenReportsLink />
      <ReviewQueue items={queue.data} pendingTotal={stats.data.byStatus.pending} promiseHours={stats.data.promiseHours} />
      <RevisionQueue />
    </Page>
  );
}
