import { companyForms, includedInSaleOptions, industries, ownerDependencies } from '@bedriftstorget/core/listing/enums';
import { companyFormLabels, industryLabels } from '@bedriftstorget/core/listing/labels';
import { wizard as t } from '@bedriftstorget/core/texts/seller';
import { company as c } from '@bedriftstorget/core/texts/company';
import { publicLocation } from '@bedriftstorget/core/listing/public-location';
import { CompanyFields, type CompanyCheck } from './company-fields';
import { FieldError, Select, TextArea, TextInput, yesNoOptions } from './fields';
import type { WizardForm } from './form-state';
import type { WizardField } from './validation';

export interface StepProps {
  form: WizardForm;
  set: <K extends keyof WizardForm>(name: K, value: WizardForm[K]) => void;
  /** The messages shown under the fields (decision 034): the step's own check with the shared schema. */
  errors: Partial<Record<WizardField, string>>;
}

const f = t.fields;

export function BasicsStep({ form, set, errors, images, company }: StepProps & { images: React.ReactNode; company?: CompanyCheck }) {
  return (
    <div className="flex flex-col gap-5">
      <TextInput id="title" error={errors.title} label={f.title} value={form.title} onChange={(v) => set('title', v)} maxLength={100} />
      <Select id="industry" error={errors.industry} label={f.industry} value={form.industry} onChange={(v) => set('industry', v)} placeholder={t.chooseIndustry}
        options={industries.map((value) => ({ value, label: industryLabels[value] }))} />
      {/* A confidential sale shows buyers the county only (decision 099): the seller sees which, as they type. */}
      <TextInput id="location" error={errors.location} label={f.location} value={form.location} onChange={(v) => set('location', v)} maxLength={100}
        hint={form.confidential && form.location.trim() ? c.placeShownAs(publicLocation({ location: form.location, confidential: true })) : undefined} />
      <TextArea id="description" error={errors.description} label={f.description} value={form.description} onChange={(v) => set('description', v)} rows={7} maxLength={2000}
        hint={t.descriptionCounter(form.description.trim().length)} />
      <CompanyFields form={form} set={set} errors={errors} check={company} />
      {images}
    </div>
  );
}

export function EconomyStep({ form, set, errors }: StepProps) {
  const money = (name: 'price' | 'revenue' | 'profit' | 'ownerSalary' | 'debt') => (
    <TextInput id={name} error={errors[name]} label={f[name]} value={form[name]} onChange={(v) => set(name, v)} inputMode="decimal" />
  );
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {money('price')}
      {money('revenue')}
      {money('profit')}
      {money('ownerSalary')}
      {money('debt')}
      <TextInput id="equityPercent" error={errors.equityPercent} label={f.equityPercent} value={form.equityPercent} onChange={(v) => set('equityPercent', v)} inputMode="decimal" />
      <TextInput id="growthPercent" error={errors.growthPercent} label={f.growthPercent} value={form.growthPercent} onChange={(v) => set('growthPercent', v)} inputMode="decimal" />
    </div>
  );
}

export function OperationsStep({ form, set, errors }: StepProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextInput id="employees" error={errors.employees} label={f.employees} value={form.employees} onChange={(v) => set('employees', v)} inputMode="numeric" />
      <TextInput id="established" error={errors.established} label={f.established} value={form.established} onChange={(v) => set('established', v)} inputMode="numeric" />
      <Select id="companyForm" error={errors.companyForm} label={f.companyForm} value={form.companyForm} onChange={(v) => set('companyForm', v)}
        options={companyForms.map((value) => ({ value, label: companyFormLabels[value] }))} />
      <TextInput id="premisesSize" error={errors.premisesSize} label={f.premisesSize} value={form.premisesSize} onChange={(v) => set('premisesSize', v)} inputMode="decimal" />
      <Select id="ownPremises" error={errors.ownPremises} label={f.ownPremises} value={form.ownPremises} onChange={(v) => set('ownPremises', v as WizardForm['ownPremises'])} options={yesNoOptions} />
      <Select id="activeCustomers" error={errors.activeCustomers} label={f.activeCustomers} value={form.activeCustomers} onChange={(v) => set('activeCustomers', v as WizardForm['activeCustomers'])} options={yesNoOptions} />
      <Select id="recurringRevenue" error={errors.recurringRevenue} label={f.recurringRevenue} value={form.recurringRevenue} onChange={(v) => set('recurringRevenue', v as WizardForm['recurringRevenue'])} options={yesNoOptions} />
      <Select id="ownerDependency" error={errors.ownerDependency} label={f.ownerDependency} value={form.ownerDependency} onChange={(v) => set('ownerDependency', v)}
        options={ownerDependencies.map((value) => ({ value, label: t.dependency[value] }))} />
      <div className="sm:col-span-2">
        <TextArea id="contractObligations" error={errors.contractObligations} label={f.contractObligations} value={form.contractObligations} onChange={(v) => set('contractObligations', v)} rows={3} maxLength={2000} />
      </div>
    </div>
  );
}

export function IncludedStep({ form, set, errors }: StepProps) {
  const toggle = (item: string) =>
    set('includedInSale', form.includedInSale.includes(item) ? form.includedInSale.filter((i) => i !== item) : [...form.includedInSale, item]);
  return (
    <fieldset aria-describedby={errors.includedInSale ? 'includedInSale-error' : undefined}>
      <legend className="mb-3 text-sm font-medium">{f.includedInSale}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {includedInSaleOptions.map((item, index) => (
          <label key={item} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 hover:border-brand-500">
            <input type="checkbox" id={index === 0 ? 'includedInSale' : undefined} className="h-4 w-4 accent-brand-700" checked={form.includedInSale.includes(item)} onChange={() => toggle(item)} />
            {item}
          </label>
        ))}
      </div>
      <FieldError id="includedInSale" error={errors.includedInSale} />
    </fieldset>
  );
}

export function CommentStep({ form, set, errors, guestEmail, onGuestEmail, onGuestEmailBlur, isGuest }: StepProps & {
  guestEmail: string; onGuestEmail: (value: string) => void; onGuestEmailBlur: () => void; isGuest: boolean;
}) {
  return (
    <div className="flex flex-col gap-5">
      <TextArea id="ownerComment" error={errors.ownerComment} label={f.ownerComment} value={form.ownerComment} onChange={(v) => set('ownerComment', v)} rows={5} maxLength={1000} />
      {isGuest && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="guestEmail" className="text-sm font-medium">{f.guestEmail}</label>
          <input id="guestEmail" type="email" className="rounded-lg border border-slate-300 px-3 py-2" value={guestEmail} aria-describedby="guestEmail-hint"
            onChange={(e) => onGuestEmail(e.target.value)} onBlur={onGuestEmailBlur} />
          <p id="guestEmail-hint" className="text-xs text-slate-500">{t.guestEmailHint}</p>
        </div>
      )}
    </div>
  );
}
