import { describe, expect, it } from 'vitest';
import { listingFieldsSchema } from '@bedriftstorget/core/listing/form-schema';
import { splitLead } from '@bedriftstorget/core/listing/rules';
import { wizardStepFields } from '@bedriftstorget/core/listing/wizard-steps';
import { listing as v } from '@bedriftstorget/core/texts/listing-validation';
import { emptyForm } from '../../packages/web/src/features/wizard/form-state';
import { stepErrors } from '../../packages/web/src/features/wizard/validation';

describe('the detail page shows the description once', () => {
  it('leads with the first paragraph only when more follows, and the body is the rest', () => {
    expect(splitLead('Første avsnitt.\n\nAndre avsnitt.\nTredje.')).toEqual({ lead: 'Første avsnitt.', body: 'Andre avsnitt.\nTredje.' });
  });
  it('has no lead for one paragraph: it shows in the body alone', () => {
    expect(splitLead('  Bare ett avsnitt.  \n\n')).toEqual({ lead: null, body: 'Bare ett avsnitt.' });
  });
});

describe('the wizard checks each step with the server schema', () => {
  it('asks for every field of the schema on exactly one step', () => {
    const asked = wizardStepFields.flat();
    expect(new Set(asked).size).toBe(asked.length);
    expect([...asked].sort()).toEqual(Object.keys(listingFieldsSchema.shape).sort());
  });
  const images = { count: 1, message: v.imageRequired };
  it('finds step 1 problems in field order, with the schema messages, and nothing from later steps', () => {
    const form = { ...emptyForm, title: 'Abc', price: 'abc' };
    expect(stepErrors(form, 1, { count: 0, message: v.imageRequired })).toEqual([
      { field: 'title', message: v.titleMin },
      { field: 'industry', message: v.industry },
      { field: 'location', message: v.location },
      { field: 'description', message: v.descriptionMin },
      { field: 'images', message: v.imageRequired },
    ]);
  });
  it('refuses text in a number field and keeps the rules of the schema, in Norwegian', () => {
    const form = { ...emptyForm, price: 'abc', revenue: '-5', equityPercent: '140', profit: '-200 000' };
    expect(stepErrors(form, 2, images)).toEqual([
      { field: 'price', message: v.number },
      { field: 'revenue', message: 'Verdien er for liten.' },
      { field: 'equityPercent', message: v.percent },
    ]);
    expect(stepErrors({ ...emptyForm, employees: '2,5', established: '1700' }, 3, images)).toEqual([
      { field: 'employees', message: v.integer },
      { field: 'established', message: v.established },
    ]);
  });
});
