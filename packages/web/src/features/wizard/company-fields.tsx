import { company as c } from '@bedriftstorget/core/texts/company';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { TextInput } from './fields';
import type { StepProps } from './steps';
import type { CompanyLookup } from './use-company-lookup';

/** The registry's answer for the number in the field, and what leaving the field does (decision 139). */
export interface CompanyCheck {
  answer: CompanyLookup | null;
  checking: boolean;
  onBlur: () => void;
}

/** Under the field, in one live region so a screen reader hears the answer: the company to confirm, a wait, or a registry that is down. */
function RegistryAnswer({ check, reserve }: { check?: CompanyCheck; reserve: boolean }) {
  const answer = check?.answer;
  // A whole number gets its answer's room while it is typed: the answer arrives when the field is
  // left, often by a press on 'Konfidensielt salg' below, and a box pushed in between the press and
  // its release would move the checkbox away from the pointer (the press was lost).
  return (
    <div role="status" data-testid="orgnr-lookup" className={reserve ? 'min-h-16 text-sm' : 'text-sm empty:hidden'}>
      {check?.checking && <p className="text-slate-600">{c.lookup.checking}</p>}
      {!check?.checking && answer?.kind === 'found' && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
          <p className="font-semibold">{c.lookup.confirm}</p>
          <p>{c.lookup.found(answer.name, answer.kommune)}</p>
        </div>
      )}
      {!check?.checking && answer?.kind === 'unavailable' && <p className="text-slate-600">{c.lookup.unavailable}</p>}
    </div>
  );
}

/**
 * 'Organisasjonsnummer' and 'Konfidensielt salg' on the first step (decisions 094 and 095). The
 * number is checked by the shared schema as typed and looked up in Enhetsregisteret when the field
 * is left (decision 139); the save looks it up again.
 */
export function CompanyFields({ form, set, errors, check }: StepProps & { check?: CompanyCheck }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <TextInput id="orgnr" error={errors.orgnr} label={c.orgnrLabel} value={form.orgnr} onChange={(v) => set('orgnr', v)} inputMode="numeric" maxLength={30} hint={c.orgnrHint}
        onBlur={check?.onBlur}><RegistryAnswer check={check} reserve={form.orgnr.replace(/\D/g, '').length === 9} /></TextInput>
      <div className="flex items-start gap-3">
        <input id="confidential" type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" checked={form.confidential} aria-describedby="confidential-hint"
          onChange={(e) => set('confidential', e.target.checked)} />
        <div>
          <label htmlFor="confidential" className="text-sm font-medium text-slate-800">{c.confidentialLabel}</label>
          <p id="confidential-hint" className="text-xs text-slate-600">{c.confidentialHint}</p>
        </div>
      </div>
      {/* The seller's requirement (decision 130) counts on a confidential sale only, so it is asked only then. */}
      {form.confidential && (
        <div className="ml-7 flex items-start gap-3">
          <input id="verifiedBuyersOnly" type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" checked={form.verifiedBuyersOnly} aria-describedby="verified-buyers-hint"
            onChange={(e) => set('verifiedBuyersOnly', e.target.checked)} />
          <div>
            <label htmlFor="verifiedBuyersOnly" className="text-sm font-medium text-slate-800">{vippsTexts.buyersOnly}</label>
            <p id="verified-buyers-hint" className="text-xs text-slate-600">{vippsTexts.buyersOnlyHint}</p>
          </div>
        </div>
      )}
    </div>
  );
}
