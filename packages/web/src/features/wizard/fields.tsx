import type { ReactNode } from 'react';
import { wizard } from '@bedriftstorget/core/texts/seller';

const inputClass = 'w-full rounded-lg border px-3 py-2 outline-none focus:ring-2';
const stateClass = (error?: string) =>
  error ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100';

/** The ids that describe a field: its error first (read before the hint), then its hint. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The message under a field, in the field's own words from the shared schema (decision 034). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return <p id={`${id}-error`} className="text-sm font-medium text-red-700">{error}</p>;
}

export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      {children}
      <FieldError id={id} error={error} />
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function TextInput({ id, label, value, onChange, onBlur, hint, error, inputMode, maxLength, children }: {
  id: string; label: string; value: string; onChange: (value: string) => void; onBlur?: () => void; hint?: string; error?: string; inputMode?: 'decimal' | 'numeric' | 'email' | 'text'; maxLength?: number;
  /** Shown under the field's messages (the registry's answer under 'Organisasjonsnummer'). */
  children?: ReactNode;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} className={`${inputClass} ${stateClass(error)}`} value={value} inputMode={inputMode} maxLength={maxLength}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
      {children}
    </Field>
  );
}

export function TextArea({ id, label, value, onChange, rows = 5, hint, error, maxLength }: {
  id: string; label: string; value: string; onChange: (value: string) => void; rows?: number; hint?: string; error?: string; maxLength?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea id={id} className={`${inputClass} ${stateClass(error)}`} rows={rows} value={value} maxLength={maxLength}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export function Select({ id, label, value, onChange, options, error, placeholder = wizard.choose }: {
  id: string; label: string; value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[]; error?: string; placeholder?: string;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} className={`${inputClass} ${stateClass(error)} bg-white`} value={value}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, undefined, error)} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    </Field>
  );
}

export const yesNoOptions = [
  { value: 'yes', label: wizard.yes },
  { value: 'no', label: wizard.no },
] as const;
