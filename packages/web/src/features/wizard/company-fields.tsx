import { company as c } from '@bedriftstorget/core/texts/company';
import { TextInput } from './fields';
import type { StepProps } from './steps';

/**
 * 'Organisasjonsnummer' and 'Konfidensielt salg' on the first step (decisions 094 and 095). The
 * number is checked by the shared schema as typed; the server then looks it up in Enhetsregisteret.
 */
export function CompanyFields({ form, set, errors }: StepProps) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <TextInput id="orgnr" error={errors.orgnr} label={c.orgnrLabel} value={form.orgnr} onChange={(v) => set('orgnr', v)} inputMode="numeric" maxLength={30} hint={c.orgnrHint} />
      <div className="flex items-start gap-3">
        <input id="confidential" type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" checked={form.confidential} aria-describedby="confidential-hint"
          onChange={(e) => set('confidential', e.target.checked)} />
        <div>
          <label htmlFor="confidential" className="text-sm font-medium text-slate-800">{c.confidentialLabel}</label>
          <p id="confidential-hint" className="text-xs text-slate-600">{c.confidentialHint}</p>
        </div>
      </div>
    </div>
  );
}
