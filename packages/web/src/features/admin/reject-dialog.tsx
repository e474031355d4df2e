import { useState, type FormEvent } from 'react';
import { REJECT_NOTE_MAX, rejectInputSchema, rejectReasons, type RejectReason } from '@bedriftstorget/core/admin/schemas';
import { adminCommon, rejectDialog as texts } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';
import { firstReasonId, ReasonFields } from '../../components/reason-fields';
import { DialogFrame } from './dialog-frame';
import type { Seen } from './types';

/**
 * Reject with a reason: one of a short list and a note for the owner, checked with the
 * server's schema. Nothing happens until 'Avslå' here; Avbryt or Escape leaves the listing pending.
 */
export function RejectDialog({ seen, onClose, onReject, busy }: {
  seen: Seen | null;
  onClose: () => void;
  onReject: (input: Seen & { reason: RejectReason; note?: string }) => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  // A new opening starts blank (set during render, as React advises, not in an effect).
  const [openedFor, setOpenedFor] = useState(seen);
  if (seen !== openedFor) {
    setOpenedFor(seen);
    if (seen) {
      setReason('');
      setNote('');
      setErrors({});
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!seen) return;
    const parsed = rejectInputSchema.safeParse({ ...seen, reason: reason || undefined, note });
    if (!parsed.success) {
      const found: { reason?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'reason' || key === 'note') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      document.getElementById(found.reason ? firstReasonId('reject', rejectReasons) : 'reject-note')?.focus();
      return;
    }
    onReject(parsed.data);
  };

  return (
    <DialogFrame
      open={seen !== null}
      onOpenChange={(open) => !open && onClose()}
      title={seen && seen.ids.length > 1 ? texts.titleMany(seen.ids.length) : texts.title}
      description={texts.description}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ReasonFields
          name="reject"
          noteName="note"
          reasons={rejectReasons}
          texts={texts}
          reason={reason}
          onReason={setReason}
          note={note}
          onNote={setNote}
          noteMax={REJECT_NOTE_MAX}
          errors={errors}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{adminCommon.cancel}</Button>
          <Button type="submit" variant="danger" disabled={busy}>{texts.confirm}</Button>
        </div>
      </form>
    </DialogFrame>
  );
}
