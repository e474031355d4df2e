import { wizard as t } from '@bedriftstorget/core/texts/seller';
import type { FieldError } from './validation';

/** Moves focus to a field by id; the summary's links and a failed 'Neste' both use it. */
export function focusField(id: string) {
  const element = document.getElementById(id);
  element?.focus();
  element?.scrollIntoView({ block: 'center' });
}

/**
 * One summary of the step's errors for screen readers and for the eye (decision 034): an alert region
 * announced when 'Neste' finds errors, each entry a link that puts focus in its field. The region is
 * always in the page so that inserting the summary is what gets announced.
 */
export function ErrorSummary({ errors, label }: { errors: FieldError[]; label: (field: FieldError['field']) => string }) {
  return (
    <div role="alert" data-testid="wizard-errors">
      {errors.length > 0 && (
        <div className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t.errorSummary(errors.length)}</p>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {errors.map((error) => (
              <li key={error.field}>
                <a href={`#${error.field}`} className="underline" onClick={(event) => { event.preventDefault(); focusField(error.field); }}>
                  {label(error.field)}: {error.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
