import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { plans, QUOTA_NOTE_MAX } from '@bedriftstorget/core/profile/enums';
import { quotaAnswerSchema } from '@bedriftstorget/core/profile/quota-request-schemas';
import { adminCommon, adminQuotaRequests as t, adminUsers } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DialogFrame } from './dialog-frame';
import type { AdminUserRow } from './types';

/**
 * Staff's answer to 'Be om flere annonser' (decision 141): grant (new limit and plan) or decline,
 * always with a note the user is mailed. The server checks the same schema.
 */
export function QuotaAnswerDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [openedFor, setOpenedFor] = useState<AdminUserRow | null>(null);
  const [decision, setDecision] = useState<'grant' | 'decline'>('grant');
  const [max, setMax] = useState('');
  const [plan, setPlan] = useState<(typeof plans)[number]>('free');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (user !== openedFor) {
    setOpenedFor(user);
    setDecision('grant');
    setMax(String(user?.openRequest?.wanted ?? ''));
    setPlan(user?.plan ?? 'free');
    setNote('');
    setError(null);
  }
  const answer = useMutation(trpc.admin.users.answerRequest.mutationOptions({
    onSuccess: () => {
      toast.success(t.answered);
      onClose();
      return queryClient.invalidateQueries(trpc.admin.users.list.pathFilter());
    },
    onError: (failure) => setError(errorMessage(failure)),
  }));
  const request = user?.openRequest;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const parsed = quotaAnswerSchema.safeParse(decision === 'grant'
      ? { id: request.id, decision, maxListings: max.trim() === '' ? Number.NaN : Number(max), plan, note }
      : { id: request.id, decision, note });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue?.message ?? t.noteRequired);
      document.getElementById(issue?.path[0] === 'maxListings' ? 'quota-max' : 'quota-note')?.focus();
      return;
    }
    setError(null);
    answer.mutate(parsed.data);
  };
  const field = 'rounded-lg border border-slate-300 px-3 py-2';
  return (
    <DialogFrame open={user !== null && request !== undefined && request !== null} onOpenChange={(open) => !open && onClose()} title={t.title}
      description={request && user ? t.asked(request.wanted, user.maxListings) : undefined}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {request?.message && <p className="break-words rounded-lg bg-slate-50 p-3 text-sm">{t.theirMessage(request.message)}</p>}
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">{t.decision}</legend>
          {(['grant', 'decline'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="quota-decision" value={value} checked={decision === value} onChange={() => setDecision(value)} className="h-4 w-4" />
              {value === 'grant' ? t.grant : t.decline}
            </label>
          ))}
        </fieldset>
        {decision === 'grant' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="quota-max" className="text-sm font-medium">{t.maxLabel}</label>
              <input id="quota-max" type="number" inputMode="numeric" min={0} className={field} value={max} onChange={(e) => setMax(e.target.value)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="quota-plan" className="text-sm font-medium">{t.planLabel}</label>
              <select id="quota-plan" className={`${field} bg-white`} value={plan} onChange={(e) => setPlan(e.target.value as (typeof plans)[number])}>
                {plans.map((value) => <option key={value} value={value}>{adminUsers.plans[value]}</option>)}
              </select>
            </div>
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="quota-note" className="text-sm font-medium">{t.noteLabel}</label>
          <textarea id="quota-note" rows={3} maxLength={QUOTA_NOTE_MAX} className={field} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{adminCommon.cancel}</Button>
          <Button type="submit" disabled={answer.isPending}>{t.send}</Button>
        </div>
      </form>
    </DialogFrame>
  );
}
