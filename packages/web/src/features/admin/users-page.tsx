import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { adminCommon, adminQuotaRequests as quotaTexts, adminUsers as texts } from '@bedriftstorget/core/texts/admin';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { AdminTable, EmptyRow, Th, tdClass } from './admin-table';
import { Pager } from './pager';
import type { AdminUserRow } from './types';
import { useCursorPager } from './use-cursor-pager';
import { useDebounced } from './use-debounced';
import { UserEditDialog } from './user-edit-dialog';
import { QuotaAnswerDialog } from './quota-answer-dialog';
import { LoadError } from '../../components/load-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { adminAccountDeletion as deletion } from '@bedriftstorget/core/texts/account';
import { errorMessage } from '../../lib/errors';
import { VippsMark } from '../vipps/vipps-mark';

/** /admin/brukere: every account with its e-mail and listing count (one query on the server). */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  // 'Be om flere annonser' waiting for an answer (decision 141).
  const [requestsOnly, setRequestsOnly] = useState(false);
  const [answering, setAnswering] = useState<AdminUserRow | null>(null);
  const pager = useCursorPager(`${q}|${verifiedOnly}|${requestsOnly}`);
  const list = useQuery(trpc.admin.users.list.queryOptions({ q, cursor: pager.cursor, ...(verifiedOnly ? { verified: true } : {}), ...(requestsOnly ? { requests: true } : {}) }, { placeholderData: (previous) => previous }));
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const queryClient = useQueryClient();
  const update = useMutation(trpc.admin.users.update.mutationOptions({
    onSuccess: () => {
      toast.success(texts.updated);
      setEditing(null);
      return queryClient.invalidateQueries(trpc.admin.users.list.pathFilter());
    },
    onError: () => void toast.error(adminCommon.error),
  }));
  // 'Slett' deletes the account as 'Slett konto' does (decision 088); the server refuses the admin's own and the last admin.
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const remove = useMutation(trpc.admin.users.remove.mutationOptions({
    onSuccess: () => {
      toast.success(deletion.deleted);
      setDeleting(null);
      return queryClient.invalidateQueries(trpc.admin.users.list.pathFilter());
    },
    onError: (error) => void toast.error(adminCommon.error, { description: errorMessage(error) }),
  }));
  useEffect(() => {
    if (list.isError) toast.error(adminCommon.error, { description: texts.loadFailed });
  }, [list.isError]);

  const c = texts.columns;
  const rows = list.data?.items ?? [];
  return (
    <Page title={texts.title} wide>
      <input
        type="search"
        aria-label={texts.searchLabel}
        placeholder={texts.search}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:max-w-sm"
      />
      <label className="mb-4 mt-2 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={verifiedOnly} onChange={(e) => setVerifiedOnly(e.target.checked)} className="h-4 w-4" />
        {texts.verifiedOnly}
      </label>
      <label className="mb-4 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={requestsOnly} onChange={(e) => setRequestsOnly(e.target.checked)} className="h-4 w-4" />
        {quotaTexts.onlyRequests}
      </label>
      {list.isPending ? (
        <Spinner />
      ) : list.isError && !list.data ? (
        <LoadError message={texts.loadFailed} retryLabel={adminCommon.retry} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <AdminTable label={texts.title} busy={list.isPlaceholderData}>
            <thead>
              <tr>
                <Th>{c.name}</Th>
                <Th>{c.email}</Th>
                <Th>{c.vipps}</Th>
                <Th>{c.type}</Th>
                <Th>{c.plan}</Th>
                <Th className="text-right">{c.listings}</Th>
                <Th>{c.created}</Th>
                <Th>{c.actions}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && <EmptyRow columns={8} text={texts.empty} />}
              {rows.map((user) => (
                <tr key={user.id} data-id={user.id}>
                  <td className={`${tdClass} font-medium`}>{user.fullName || texts.notSet}</td>
                  <td className={tdClass}>
                    {user.email || texts.unknown}
                    {user.mailSuppression && (
                      <span
                        title={texts.mailSuppressedTitle(formatDate(user.mailSuppressedAt ?? user.createdAt))}
                        className="ml-2 inline-block rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800"
                      >
                        {texts.mailSuppressed[user.mailSuppression]}
                      </span>
                    )}
                  </td>
                  <td className={tdClass}>{user.vippsVerified ? <VippsMark /> : <span className="text-slate-500">{texts.notVerified}</span>}</td>
                  <td className={tdClass}>{texts.userTypes[user.userType]}</td>
                  <td className={tdClass}>{texts.plans[user.plan]}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{user.listingCount}</td>
                  <td className={tdClass}>{formatDate(user.createdAt)}</td>
                  <td className={tdClass}>
                    {user.openRequest && (
                      <span className="mb-1 flex flex-wrap items-center gap-1">
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{quotaTexts.badge(user.openRequest.wanted)}</span>
                        <button type="button" aria-label={quotaTexts.answerFor(user.fullName || user.email)} onClick={() => setAnswering(user)}
                          className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-slate-100">{quotaTexts.answer}</button>
                      </span>
                    )}
                    <button
                      type="button"
                      aria-label={texts.editFor(user.fullName || user.email)}
                      className="rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-slate-100"
                      onClick={() => setEditing(user)}
                    >
                      {texts.edit}
                    </button>
                    {/* Never on the admin's own row: the server refuses it (decision 088). */}
                    {!user.self && (
                      <button
                        type="button"
                        aria-label={deletion.deleteFor(user.fullName || user.email)}
                        className="ml-1 rounded-md px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                        onClick={() => setDeleting(user)}
                      >
                        {deletion.delete}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <Pager info={adminCommon.page(pager.page)} hasPrevious={pager.hasPrevious} nextCursor={list.data?.nextCursor} onPrevious={pager.previous} onNext={pager.next} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deletion.dialogTitle}
        description={deletion.dialogText}
        confirmLabel={remove.isPending ? deletion.deleting : deletion.confirm}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
      <QuotaAnswerDialog user={answering} onClose={() => setAnswering(null)} />
      <UserEditDialog user={editing} onClose={() => setEditing(null)} saving={update.isPending} onSave={(id, fields) => update.mutate({ id, ...fields })} />
    </Page>
  );
}
