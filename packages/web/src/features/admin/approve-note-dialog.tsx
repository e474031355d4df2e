import { useState, type FormEvent } from 'react';
import { reviewInputSchema } from '@bedriftstorget/core/admin/schemas';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { company as c } from '@bedriftstorget/core/texts/company';
import { Button } from '../../components/button';
import { DialogFrame } from './dialog-frame';
import type { Seen } from './types';

/**
 * Approving a company Enhetsregisteret flags (deleted, bankrupt, under liquidation): staff write why
 * (decision 094). The note goes to the admin log; the server refuses an approval without it.
 */
export function ApproveNoteDialog({ seen, onClose, onApprove, busy }: {
  seen: Seen | null;
  onClose: () => void;
  onApprove: (input: Seen & { note?: string }) => void;
  busy: boolean;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState(seen);
  if (seen !== openedFor) {
    setOpenedFor(seen);
    setNote('');
    setError(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!seen) return;
    const parsed = reviewInputSchema.safeParse({ ...seen, note });
    if (!parsed.success || !parsed.data.note) {
      setError(parsed.success ? c.approveNoteRequired : (parsed.error.issues[0]?.message ?? c.approveNoteRequired));
      document.getElementById('approve-note')?.focus();
      return;
    }
    onApprove(parsed.data);
  };

  return (
    <DialogFrame open={seen !== null} onOpenChange={(open) => !open && onClose()} title={c.approveWithNote} description={c.flaggedWarning}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="approve-note" className="text-sm font-medium">{c.approveNoteLabel}</label>
          <textarea id="approve-note" rows={3} maxLength={500} className="rounded-lg border border-slate-300 px-3 py-2" value={note}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'approve-note-error' : undefined} onChange={(e) => setNote(e.target.value)} />
          {error && <p id="approve-note-error" className="text-sm font-medium text-red-700">{error}</p>}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{adminCommon.cancel}</Button>
          <Button type="submit" disabled={busy}>{c.approveWithNote}</Button>
        </div>
      </form>
    </DialogFrame>
  );
}
