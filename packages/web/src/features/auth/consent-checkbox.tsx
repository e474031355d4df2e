import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { consent } from '@bedriftstorget/core/texts/privacy';

/**
 * 'Jeg godtar vilkårene og personvernerklæringen' (decision 089): a required checkbox, its error
 * announced and tied to it, and the Personvern page beside it — in a new tab, so what the form
 * holds stays.
 */
export function ConsentCheckbox({ error, registration }: { error?: FieldError; registration: UseFormRegisterReturn }) {
  const errorId = 'accept-terms-error';
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-2">
        <input
          id="accept-terms"
          type="checkbox"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-4 w-4 accent-brand-600"
          {...registration}
        />
        <label htmlFor="accept-terms" className="text-sm text-slate-800">{consent.label}</label>
      </div>
      <a href="/personvern" target="_blank" rel="noopener" className="ml-6 text-sm text-brand-700 hover:underline">{consent.readLink}</a>
      {error?.message && <p id={errorId} role="alert" className="text-sm text-red-600">{error.message}</p>}
    </div>
  );
}
