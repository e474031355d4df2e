import { wizard as t } from '@bedriftstorget/core/texts/seller';

/** The bar of steps above the wizard's form, with 'Steg N av 5' in words under it. */
export function StepProgress({ step, last }: { step: number; last: number }) {
  return (
    <>
      <ol className="mt-6 flex gap-2" aria-label={t.stepOf(step, last)}>
        {t.steps.map((name, index) => (
          <li key={name} aria-current={index + 1 === step ? 'step' : undefined} className={`h-2 flex-1 rounded-full ${index + 1 <= step ? 'bg-brand-600' : 'bg-slate-200'}`}>
            <span className="sr-only">{name}</span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-slate-600">{t.stepOf(step, last)}</p>
    </>
  );
}
