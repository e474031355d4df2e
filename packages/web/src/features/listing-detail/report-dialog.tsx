import { useMutation } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { REPORT_COMMENT_MAX, reportReasons, type ReportReason } from '@bedriftstorget/core/report/enums';
import { reportInputSchema } from '@bedriftstorget/core/report/schemas';
import { common } from '@bedriftstorget/core/texts/nb';
import { reportDialog as texts } from '@bedriftstorget/core/texts/share';
import { Button, buttonClass } from '../../components/button';
import { firstReasonId, ReasonFields } from '../../components/reason-fields';
import { useReturnFocus } from '../../components/use-return-focus';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const fieldTexts = { reason: texts.reason, reasons: texts.reasons, note: texts.comment, noteHint: texts.commentHint };

/** 'Rapporter annonse' (decision 050): a reason and an optional comment; the server holds one open report per user. */
export function ReportDialog({ listingId, open, onOpenChange }: { listingId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; comment?: string }>({});
  const send = useMutation(trpc.report.create.mutationOptions({
    onSuccess: () => {
      toast.success(texts.sent);
      setReason('');
      setComment('');
      onOpenChange(false);
    },
    onError: (failure) => toast.error(errorMessage(failure)),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportInputSchema.safeParse({ listingId, reason: reason || undefined, comment });
    const issue = (field: string) => parsed.error?.issues.find((i) => i.path[0] === field)?.message;
    const found = { reason: issue('reason'), comment: issue('comment') };
    setErrors(found);
    if (found.reason) document.getElementById(firstReasonId('report', reportReasons))?.focus();
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
            <div className="mt-4 flex flex-col gap-4">
              <ReasonFields
                name="report"
                noteName="comment"
                reasons={reportReasons}
                texts={fieldTexts}
                reason={reason}
                onReason={setReason}
                note={comment}
                onNote={setComment}
                noteMax={REPORT_COMMENT_MAX}
                errors={{ reason: errors.reason, note: errors.comment }}
              />
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
