import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

export const inputClass = (error?: FieldError) =>
  `w-full rounded-lg border bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-500' : 'border-slate-300'}`;

/** Label, control and its error, tied together for screen readers (the control gets `${id}-error`). */
export function Field({ id, label, error, children, className = '' }: { id: string; label: string; error?: FieldError; children: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      {children}
      {error?.message && <p id={`${id}-error`} role="alert" className="text-sm text-red-600">{error.message}</p>}
    </div>
  );
}

export const errorProps = (id: string, error?: FieldError) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** Number inputs: an empty field is null (no value), anything else a number (NaN fails the schema with its message). */
export const asNumberOrNull = (value: string | number | null | undefined): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value.replace(/\s/g, '').replace(',', '.'));
};
