import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function FormField({ id, label, error, registration, ...input }: {
  id: string;
  label: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`rounded-lg border px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...input}
        {...registration}
      />
      {error?.message && <p id={errorId} role="alert" className="text-sm text-red-600">{error.message}</p>}
    </div>
  );
}
