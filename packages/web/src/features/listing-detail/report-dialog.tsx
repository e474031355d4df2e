import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { REPORT_COMMENT_MAX, reportReasons, type ReportReason } from '@bedriftstorget/core/report/enums';
import { reportInputSchema } from '@bedriftstorget/core/report/schemas';
import { common } from '@bedriftstorget/core/texts/nb';
import { reportDialog as texts } from '@bedriftstorget/core/texts/share';
import { Button, buttonClass } from '../../components/button';
import { useReturnFocus } from '../../components/use-return-focus';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const inputClass = 'mt-1.5 w-full rounded-lg border border-slate-300 px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

/** 'Rapporter annonse' (issue 14): a reason and an optional comment; the server holds one open report per user. */
export function ReportDialog({ listingId, open, onOpenChange }: { listingId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; comment?: string }>({});
  const send = trpc.report.create.useMutation({
    onSuccess: () => {
      toast.success(texts.sent);
      setReason('');
      setComment('');
      onOpenChange(false);
    },
    onError: (failure) => toast.error(errorMessage(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportInputSchema.safeParse({ listingId, reason: reason || undefined, comment });
    const issue = (field: string) => parsed.error?.issues.find((i) => i.path[0] === field)?.message;
    const found = { reason: issue('reason'), comment: issue('comment') };
    setErrors(found);
    if (found.reason) document.getElementById(`report-reason-${reportReasons[0]}`)?.focus();
    else if (found.comment) document.getElementById('report-comment')?.focus();
    if (parsed.success) send.mutate(parsed.data);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[92vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <form onSubmit={submit} noValidate>
            <Dialog.Title className="text-xl font-bold">{texts.title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{texts.description}</Dialog.Description>
            <fieldset className="mt-4" aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
              <legend className="text-sm font-medium text-slate-800">{texts.reason}</legend>
              <div className="mt-2 grid gap-2">
                {reportReasons.map((value) => (
                  <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                    <input id={`report-reason-${value}`} type="radio" name="report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="h-4 w-4 accent-brand-700" />
                    <span>{texts.reasons[value]}</span>
                  </label>
                ))}
              </div>
              {errors.reason && <p id="report-reason-error" role="alert" className="mt-1.5 text-sm text-red-700">{errors.reason}</p>}
            </fieldset>
            <div className="mt-4">
              <label htmlFor="report-comment" className="block text-sm font-medium text-slate-800">{texts.comment}</label>
              <textarea
                id="report-comment"
                rows={4}
                value={comment}
                maxLength={REPORT_COMMENT_MAX}
                onChange={(event) => setComment(event.target.value)}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? 'report-comment-error report-comment-hint' : 'report-comment-hint'}
                className={inputClass}
              />
              <p id="report-comment-hint" className="mt-1 text-sm text-slate-600">{texts.commentHint}</p>
              {errors.comment && <p id="report-comment-error" role="alert" className="mt-1 text-sm text-red-700">{errors.comment}</p>}
            </div>
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close className={buttonClass('secondary')}>{common.cancel}</Dialog.Close>
              <Button type="submit" disabled={send.isPending}>{texts.send}</Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
