import { useState, type FormEvent } from 'react';
import { REJECT_NOTE_MAX, rejectInputSchema, rejectReasons, type RejectReason } from '@bedriftstorget/core/admin/schemas';
import { adminCommon, rejectDialog as texts } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';
import { DialogFrame } from './dialog-frame';
import { inputClass } from './form-controls';

/**
 * Reject with a reason (issue 15): one of a short list and a note for the owner, checked with the
 * server's schema. Nothing happens until 'Avslå' here; Avbryt or Escape leaves the listing pending.
 */
export function RejectDialog({ ids, onClose, onReject, busy }: {
  ids: string[] | null;
  onClose: () => void;
  onReject: (input: { ids: string[]; reason: RejectReason; note?: string }) => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  // A new opening starts blank (set during render, as React advises, not in an effect).
  const [openedFor, setOpenedFor] = useState(ids);
  if (ids !== openedFor) {
    setOpenedFor(ids);
    if (ids) {
      setReason('');
      setNote('');
      setErrors({});
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ids) return;
    const parsed = rejectInputSchema.safeParse({ ids, reason: reason || undefined, note });
    if (!parsed.success) {
      const found: { reason?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'reason' || key === 'note') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      document.getElementById(found.reason ? `reject-reason-${rejectReasons[0]}` : 'reject-note')?.focus();
      return;
    }
    onReject(parsed.data);
  };

  return (
    <DialogFrame
      open={ids !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ids && ids.length > 1 ? texts.titleMany(ids.length) : texts.title}
      description={texts.description}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <fieldset aria-describedby={errors.reason ? 'reject-reason-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">{texts.reason}</legend>
          <div className="mt-2 flex flex-col gap-1.5">
            {rejectReasons.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  id={`reject-reason-${value}`}
                  type="radio"
                  name="reject-reason"
                  value={value}
                  checked={reason === value}
                  aria-invalid={errors.reason ? true : undefined}
                  onChange={() => setReason(value)}
                  className="h-4 w-4 accent-brand-700"
                />
                {texts.reasons[value]}
              </label>
            ))}
          </div>
          {errors.reason && <p id="reject-reason-error" className="mt-1 text-sm text-red-700">{errors.reason}</p>}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="reject-note" className="text-sm font-medium text-slate-800">{texts.note}</label>
          <textarea
            id="reject-note"
            rows={3}
            maxLength={REJECT_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? 'reject-note-error reject-note-hint' : 'reject-note-hint'}
            className={inputClass(errors.note ? { type: 'custom' } : undefined)}
          />
          <p id="reject-note-hint" className="text-xs text-slate-600">{texts.noteHint}</p>
          {errors.note && <p id="reject-note-error" className="text-sm text-red-700">{errors.note}</p>}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{adminCommon.cancel}</Button>
          <Button type="submit" variant="danger" disabled={busy}>{texts.confirm}</Button>
        </div>
      </form>
    </DialogFrame>
  );
}
