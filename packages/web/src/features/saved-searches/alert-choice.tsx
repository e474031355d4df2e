import { alertFrequencies, type AlertFrequency } from '@bedriftstorget/core/saved-search/enums';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';

/** 'Straks', 'Daglig' or 'Aldri' as a radio group with a line saying what each means. */
export function AlertChoice({ name, value, onChange, legend = texts.alertsLabel }: { name: string; value: AlertFrequency; onChange: (value: AlertFrequency) => void; legend?: string }) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {alertFrequencies.map((frequency) => (
          <label key={frequency} className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" name={name} value={frequency} checked={value === frequency} onChange={() => onChange(frequency)} className="mt-1" />
            <span>
              <span className="block text-sm font-semibold">{texts.alerts[frequency]}</span>
              <span className="block text-xs text-slate-600">{texts.alertsHint[frequency]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
