import type { ReactNode } from 'react';
import { wizard } from '@bedriftstorget/core/texts/seller';

const inputClass = 'w-full rounded-lg border border-slate-300 px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

export function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      {children}
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function TextInput({ id, label, value, onChange, hint, inputMode, maxLength }: {
  id: string; label: string; value: string; onChange: (value: string) => void; hint?: string; inputMode?: 'decimal' | 'numeric' | 'email' | 'text'; maxLength?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input id={id} className={inputClass} value={value} inputMode={inputMode} maxLength={maxLength} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export function TextArea({ id, label, value, onChange, rows = 5, hint, maxLength }: {
  id: string; label: string; value: string; onChange: (value: string) => void; rows?: number; hint?: string; maxLength?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <textarea id={id} className={inputClass} rows={rows} value={value} maxLength={maxLength} aria-describedby={hint ? `${id}-hint` : undefined} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export function Select({ id, label, value, onChange, options, placeholder = wizard.choose }: {
  id: string; label: string; value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[]; placeholder?: string;
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} className={`${inputClass} bg-white`} value={value} onChange={(e) => onChange(e.target.value)}>
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
