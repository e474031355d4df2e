import * as z from 'zod';
import { listingFieldsSchema, parseNumberInput, type ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { wizardStepFields } from '@bedriftstorget/core/listing/wizard-steps';
import { norwegianZodDefaults } from '@bedriftstorget/core/text/zod-messages';
import { listing as v } from '@bedriftstorget/core/texts/listing-validation';
import type { WizardForm } from './form-state';

// The server's Norwegian defaults for rules without a message of their own (e.g. a negative price).
z.config({ localeError: norwegianZodDefaults });

/** A field the seller must fix: a listing field, or 'images' for the picture list on step 1. */
export type WizardField = keyof ListingFields | 'images';
export interface FieldError {
  field: WizardField;
  message: string;
}

const numberFields = ['price', 'revenue', 'profit', 'ownerSalary', 'debt', 'equityPercent', 'growthPercent', 'employees', 'established', 'premisesSize'] as const;
type NumberField = (typeof numberFields)[number];

const yesNo = (value: '' | 'yes' | 'no') => (value === '' ? null : value === 'yes');
const text = (value: string) => value.trim() || null;

/**
 * The form as the shared schema's input. A number field holding something that is not a number
 * ('abc') is refused here with its own message, never silently read as empty.
 */
export function schemaInput(form: WizardForm): { input: Record<keyof ListingFields, unknown>; notNumbers: FieldError[] } {
  const notNumbers: FieldError[] = [];
  const numbers = {} as Record<NumberField, number | null>;
  for (const name of numberFields) {
    const value = parseNumberInput(form[name]);
    if (Number.isNaN(value)) notNumbers.push({ field: name, message: v.number });
    numbers[name] = Number.isNaN(value) ? null : value;
  }
  const input = {
    title: form.title,
    industry: form.industry || undefined,
    location: form.location,
    description: form.description,
    ...numbers,
    companyForm: form.companyForm || null,
    ownPremises: yesNo(form.ownPremises),
    activeCustomers: yesNo(form.activeCustomers),
    recurringRevenue: yesNo(form.recurringRevenue),
    ownerDependency: form.ownerDependency || null,
    contractObligations: text(form.contractObligations),
    includedInSale: form.includedInSale,
    ownerComment: text(form.ownerComment),
    orgnr: text(form.orgnr),
    confidential: form.confidential,
    verifiedBuyersOnly: form.confidential && form.verifiedBuyersOnly,
  };
  return { input, notNumbers };
}

/**
 * What is wrong on one step (1-based), in the order the fields appear: the step's fields checked by
 * listingFieldsSchema.pick() — the server's schema — plus, on step 1, at least one picture.
 */
export function stepErrors(form: WizardForm, step: number, images: { count: number; message: string }, orgnrRefusal: string | null = null): FieldError[] {
  const fields: readonly (keyof ListingFields)[] = wizardStepFields[step - 1] ?? [];
  const { input, notNumbers } = schemaInput(form);
  const mask = Object.fromEntries(fields.map((name) => [name, true as const])) as Partial<Record<keyof ListingFields, true>>;
  const parsed = listingFieldsSchema.pick(mask).safeParse(Object.fromEntries(fields.map((name) => [name, input[name]])));
  const byField = new Map<WizardField, string>();
  for (const error of notNumbers) if (fields.includes(error.field as keyof ListingFields)) byField.set(error.field, error.message);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as keyof ListingFields;
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  // What Enhetsregisteret answered when the field was left (decision 139), unless the schema already refuses the number.
  if (orgnrRefusal && fields.includes('orgnr') && !byField.has('orgnr')) byField.set('orgnr', orgnrRefusal);
  const errors: FieldError[] = fields.flatMap((field) => {
    const message = byField.get(field);
    return message ? [{ field, message }] : [];
  });
  if (step === 1 && images.count === 0) errors.push({ field: 'images', message: images.message });
  return errors;
}

/** The step's errors that the seller has already been shown, as they stand now: fixing a field clears its message. */
export function stillWrong(shown: FieldError[], now: FieldError[]): FieldError[] {
  return now.filter((error) => shown.some((old) => old.field === error.field));
}

