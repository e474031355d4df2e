/**
 * A reason from a short list and a free-text note, with each message under its own field: the
 * admin's 'Avslå annonse' and a user's 'Rapporter annonse' ask the same way. Ids come from `name`
 * (`{name}-reason-{value}`, `{name}-{noteName}`), so the dialogs can focus the first invalid field.
 */
export interface ReasonFieldsProps<R extends string> {
  name: string;
  noteName: string;
  reasons: readonly R[];
  texts: { reason: string; reasons: Record<R, string>; note: string; noteHint: string };
  reason: R | '';
  onReason: (reason: R) => void;
  note: string;
  onNote: (note: string) => void;
  noteMax: number;
  errors: { reason?: string; note?: string };
}

const inputClass = 'mt-1.5 w-full rounded-lg border border-slate-300 px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-600';

/** The id a dialog focuses when the reason is missing. */
export const firstReasonId = (name: string, reasons: readonly string[]) => `${name}-reason-${reasons[0]}`;

export function ReasonFields<R extends string>({ name, noteName, reasons, texts, reason, onReason, note, onNote, noteMax, errors }: ReasonFieldsProps<R>) {
  const noteId = `${name}-${noteName}`;
  return (
    <>
      <fieldset aria-describedby={errors.reason ? `${name}-reason-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{texts.reason}</legend>
        <div className="mt-2 grid gap-2">
          {reasons.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input
                id={`${name}-reason-${value}`}
                type="radio"
                name={`${name}-reason`}
                value={value}
                checked={reason === value}
                aria-invalid={errors.reason ? true : undefined}
                onChange={() => onReason(value)}
                className="h-4 w-4 accent-brand-700"
              />
              <span>{texts.reasons[value]}</span>
            </label>
          ))}
        </div>
        {errors.reason && <p id={`${name}-reason-error`} role="alert" className="mt-1.5 text-sm text-red-700">{errors.reason}</p>}
      </fieldset>
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">{texts.note}</label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={noteMax}
          value={note}
          onChange={(event) => onNote(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${noteId}-error ${noteId}-hint` : `${noteId}-hint`}
          className={inputClass}
        />
        <p id={`${noteId}-hint`} className="mt-1 text-sm text-slate-600">{texts.noteHint}</p>
        {errors.note && <p id={`${noteId}-error`} role="alert" className="mt-1 text-sm text-red-700">{errors.note}</p>}
      </div>
    </>
  );
}
