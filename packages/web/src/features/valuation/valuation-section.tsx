import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type ReactElement } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { formatNok } from '@bedriftstorget/core/format/nb';
import { industries } from '@bedriftstorget/core/listing/enums';
import { common, valuation as texts } from '@bedriftstorget/core/texts/nb';
import { valuationFormSchema } from '@bedriftstorget/core/valuation/schemas';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const inputClass = (error?: FieldError) =>
  `w-full rounded-lg border bg-white px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-500' : 'border-slate-300'}`;

/** A label, the control, an optional hint and the error, tied together for screen readers. */
function Field({ id, label, hint, error, children }: {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactElement;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p>}
      {error?.message && <p id={`${id}-error`} role="alert" className="text-sm text-red-600">{error.message}</p>}
    </div>
  );
}

/** The free valuation: the inner content of the landing's #verdivurdering section. */
export function ValuationSection() {
  const form = useForm({
    resolver: zodResolver(valuationFormSchema),
    defaultValues: { industry: '', revenue: '', profit: '', email: '' },
  });
  const estimate = useMutation(trpc.valuation.estimate.mutationOptions({
    onError: (error) => toast.error(common.error, { description: errorMessage(error) }),
  }));
  const { errors } = form.formState;
  const result = estimate.data;
  const email = estimate.variables?.email?.trim();
  const resultBox = useRef<HTMLDivElement>(null);
  // On a phone the result sits above the form, out of sight: bring it into view (the status region announces it).
  useEffect(() => {
    if (result) resultBox.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  return (
    <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-2">
      <div>
        <h2 id="verdivurdering-tittel" className="text-3xl font-bold tracking-tight text-slate-900">{texts.title}</h2>
        <p className="mt-3 text-slate-600">{texts.intro}</p>
        <div role="status" aria-live="polite" aria-atomic="true" className="mt-6 scroll-mt-24">
          {result && (
            <div ref={resultBox} data-testid="valuation-result" className="scroll-mt-24 rounded-xl border border-brand-100 bg-brand-50 p-5 text-brand-900">
              <p className="text-sm font-semibold uppercase tracking-wide">{texts.resultTitle}</p>
              <p className="mt-1 text-2xl font-extrabold">{`${formatNok(result.low)} – ${formatNok(result.high)}`}</p>
              <p className="mt-2 text-sm">{result.method === 'profit' ? texts.byProfit : texts.byRevenue}</p>
              {email && <p className="mt-2 text-sm font-semibold">{texts.emailThanks(email)}</p>}
            </div>
          )}
        </div>
        <p className="mt-4 text-xs text-slate-600">{texts.disclaimer}</p>
      </div>
      <form
        noValidate
        aria-labelledby="verdivurdering-tittel"
        // An estimate for figures that are no longer in the form would mislead: invalid input clears it.
        onSubmit={form.handleSubmit((values) => estimate.mutate(values), () => estimate.reset())}
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <Field id="valuation-industry" label={texts.industry} error={errors.industry}>
          {(aria) => (
            <select {...aria} className={inputClass(errors.industry)} {...form.register('industry')}>
              <option value="">{texts.chooseIndustry}</option>
              {industries.map((industry) => <option key={industry} value={industry}>{industryLabels[industry]}</option>)}
            </select>
          )}
        </Field>
        <Field id="valuation-revenue" label={texts.revenue} error={errors.revenue}>
          {(aria) => <input {...aria} inputMode="numeric" autoComplete="off" placeholder="1 250 000" className={inputClass(errors.revenue)} {...form.register('revenue')} />}
        </Field>
        <Field id="valuation-profit" label={texts.profit} hint={texts.profitHint} error={errors.profit}>
          {(aria) => <input {...aria} autoComplete="off" placeholder="300 000" className={inputClass(errors.profit)} {...form.register('profit')} />}
        </Field>
        <Field id="valuation-email" label={texts.email} hint={texts.emailHint} error={errors.email}>
          {(aria) => <input {...aria} type="email" autoComplete="email" className={inputClass(errors.email)} {...form.register('email')} />}
        </Field>
        <Button type="submit" disabled={estimate.isPending}>{estimate.isPending ? common.loading : texts.submit}</Button>
      </form>
    </div>
  );
}
