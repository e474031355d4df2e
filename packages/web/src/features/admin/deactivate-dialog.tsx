import { useState, type FormEvent } from 'react';
import { DEACTIVATE_NOTE_MAX, reportDeactivateSchema } from '@bedriftstorget/core/report/schemas';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { adminReports as t } from '@bedriftstorget/core/texts/share';
import { Button } from '../../components/button';
import { DialogFrame } from './dialog-frame';

/**
 * 'Deaktiver annonsen' from a report: staff write the owner why and what to fix (decision 140). The
 * note goes in the owner's mail and stays on the card in /mine-annonser; the server refuses an empty one.
 */
export function DeactivateDialog({ report, onClose, onDeactivate, busy }: {
  report: { id: string; title: string } | null;
  onClose: () => void;
  onDeactivate: (input: { id: string; note: string }) => void;
  busy: boolean;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState(report);
  if (report !== openedFor) {
    setOpenedFor(report);
    setNote('');
    setError(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!report) return;
    const parsed = reportDeactivateSchema.safeParse({ id: report.id, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t.noteRequired);
      document.getElementById('deactivate-note')?.focus();
      return;
    }
    onDeactivate(parsed.data);
  };

  return (
    <DialogFrame open={report !== null} onOpenChange={(open) => !open && onClose()} title={t.confirmActTitle} description={report ? t.confirmActText(report.title) : undefined}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="deactivate-note" className="text-sm font-medium">{t.noteLabel}</label>
          <p id="deactivate-note-hint" className="text-sm text-slate-600">{t.noteHint}</p>
          <textarea id="deactivate-note" rows={4} maxLength={DEACTIVATE_NOTE_MAX} className="rounded-lg border border-slate-300 px-3 py-2" value={note}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'deactivate-note-hint deactivate-note-error' : 'deactivate-note-hint'} onChange={(e) => setNote(e.target.value)} />
          {error && <p id="deactivate-note-error" className="text-sm font-medium text-red-700">{error}</p>}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{adminCommon.cancel}</Button>
          <Button type="submit" variant="danger" disabled={busy}>{t.act}</Button>
        </div>
      </form>
    </DialogFrame>
  );
}
