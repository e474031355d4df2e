import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { adminEvents } from '@bedriftstorget/core/admin/events';
import { ADMIN_PAGE_SIZE } from '@bedriftstorget/core/admin/rules';
import { adminCommon, adminListings as texts } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { useRealtimeEvent } from '../../lib/realtime';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { downloadText } from './download';
import { ListingBulkBar } from './listing-bulk-bar';
import { ListingEditDialog } from './listing-edit-dialog';
import { ListingFilters, type ListingFilterState } from './listing-filters';
import { ListingsTable } from './listings-table';
import { Pager } from './pager';
import type { AdminListingRow } from './types';
import { useCursorPager } from './use-cursor-pager';
import { useDebounced } from './use-debounced';
import { useListingActions } from './use-listing-actions';
import { useSelection } from './use-selection';
import { LoadError } from '../../components/load-error';

type Confirm = { kind: 'one'; row: AdminListingRow } | { kind: 'bulk'; ids: string[] } | null;

/** /admin/annonser: every listing, filtered and paged on the server, with row and bulk actions. */
export function ListingsPage() {
  const [filters, setFilters] = useState<ListingFilterState>({ q: '', status: 'all', industry: 'all' });
  const q = useDebounced(filters.q.trim());
  const query = { q, status: filters.status, industry: filters.industry };
  const pager = useCursorPager(JSON.stringify(query));
  const list = useQuery(trpc.admin.listings.list.queryOptions({ ...query, cursor: pager.cursor }, { placeholderData: (previous) => previous }));
  const rows = list.data?.items ?? [];
  const selection = useSelection(rows.map((row) => row.id));
  const actions = useListingActions(selection.clear);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [exporting, setExporting] = useState(false);
  const queryClient = useQueryClient();
  useRealtimeEvent(adminEvents.submitted, () => void queryClient.invalidateQueries(trpc.admin.listings.list.pathFilter()));

  useEffect(() => {
    if (list.isError) toast.error(adminCommon.error, { description: texts.loadFailed });
  }, [list.isError]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await queryClient.fetchQuery(trpc.admin.listings.exportCsv.queryOptions(query, { staleTime: 0 }));
      downloadText(file.fileName, file.csv);
    } catch (error) {
      // The server's own message when it has one (e.g. the export's row cap), else the general one.
      toast.error(adminCommon.error, { description: error instanceof ApiError ? error.message : texts.exportFailed });
    } finally {
      setExporting(false);
    }
  };

  const from = (pager.page - 1) * ADMIN_PAGE_SIZE + 1;
  const total = list.data?.total ?? 0;
  return (
    <Page title={texts.title} wide>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <ListingFilters value={filters} onChange={setFilters} />
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>{texts.exportCsv}</Button>
      </div>
      <ListingBulkBar
        count={selection.ids.length}
        busy={actions.busy}
        onAction={(action) => actions.bulk(selection.ids, action)}
        onDelete={() => selection.ids.length > 0 && setConfirm({ kind: 'bulk', ids: selection.ids })}
      />
      {list.isPending ? (
        <Spinner />
      ) : list.isError && !list.data ? (
        <LoadError message={texts.loadFailed} retryLabel={adminCommon.retry} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ListingsTable
            rows={rows}
            selection={selection}
            busy={actions.busy || list.isPlaceholderData}
            actions={{
              edit: (row) => setEditing(row.id),
              setActive: (row) => actions.update(row.id, { status: 'active' }),
              archive: (row) => actions.update(row.id, { status: 'archived' }),
              remove: (row) => setConfirm({ kind: 'one', row }),
            }}
          />
          <Pager
            info={total === 0 ? adminCommon.pageInfo(0, 0, 0) : adminCommon.pageInfo(from, from + rows.length - 1, total)}
            hasPrevious={pager.hasPrevious}
            nextCursor={list.data?.nextCursor}
            onPrevious={pager.previous}
            onNext={pager.next}
          />
        </>
      )}
      <ListingEditDialog id={editing} onClose={() => setEditing(null)} saving={actions.busy} onSave={(id, patch) => actions.update(id, patch, { onSuccess: () => setEditing(null) })} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={texts.confirmTitle}
        description={confirm?.kind === 'bulk' ? texts.confirmBulkDelete(confirm.ids.length) : texts.confirmDelete}
        confirmLabel={texts.delete}
        busy={actions.busy}
        onConfirm={() => {
          if (confirm?.kind === 'one') actions.remove(confirm.row.id, { onSuccess: () => setConfirm(null) });
          if (confirm?.kind === 'bulk') actions.bulk(confirm.ids, 'delete', { onSuccess: () => setConfirm(null) });
        }}
      />
    </Page>
  );
}
