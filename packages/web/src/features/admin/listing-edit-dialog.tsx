import { useQuery } from '@tanstack/react-query';
import { ListingOffers } from './listing-offers';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { adminListingFieldsSchema, adminListingStatuses, type AdminListingFields } from '@bedriftstorget/core/admin/schemas';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { industries } from '@bedriftstorget/core/listing/enums';
import { adminCommon, adminStatusLabels, listingEdit as texts } from '@bedriftstorget/core/texts/admin';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { DialogFrame } from './dialog-frame';
import { asNumberOrNull, errorProps, Field, inputClass } from './form-controls';

type Values = AdminListingFields & { rawStatus: string };

/** 'Rediger annonse' (docs/product.md, 'Admin details'): read fresh when opened, validated with the wizard's rules. */
export function ListingEditDialog({ id, onClose, onSave, saving }: {
  id: string | null;
  onClose: () => void;
  onSave: (id: string, patch: Partial<AdminListingFields>) => void;
  saving: boolean;
}) {
  const listing = useQuery(trpc.admin.listings.get.queryOptions({ id: id ?? '' }, { enabled: id !== null, gcTime: 0 }));
  return (
    <DialogFrame open={id !== null} onOpenChange={(open) => !open && onClose()} title={texts.title} description={texts.description} wide>
      {listing.isPending ? (
        <Spinner />
      ) : listing.isError ? (
        <p role="alert" className="text-red-700">{listing.error.message}</p>
      ) : (
        <>
          <ListingOffers listingId={listing.data.id} />
          <EditForm key={listing.data.id} values={listing.data} saving={saving} onSave={(patch) => onSave(listing.data.id, patch)} />
        </>
      )}
    </DialogFrame>
  );
}

function EditForm({ values, saving, onSave }: { values: Values; saving: boolean; onSave: (patch: Partial<AdminListingFields>) => void }) {
  const { rawStatus, ...defaults } = values;
  const form = useForm({ resolver: zodResolver(adminListingFieldsSchema), defaultValues: defaults });
  const { errors, dirtyFields } = form.formState;
  const submit = form.handleSubmit((fields) => {
    // A rejected or unpublished listing opens as pending; its status is only sent when the admin chose one.
    const keepStatus = rawStatus !== fields.status && !dirtyFields.status;
    const { status, ...rest } = fields;
    onSave(keepStatus ? rest : { ...rest, status });
  });
  const text = (name: 'title' | 'location') => ({ id: `edit-${name}`, ...errorProps(`edit-${name}`, errors[name]), className: inputClass(errors[name]), ...form.register(name) });
  const number = (name: 'price' | 'revenue' | 'profit' | 'employees' | 'established') => ({
    id: `edit-${name}`,
    type: 'number',
    step: name === 'employees' || name === 'established' ? 1 : 'any',
    inputMode: name === 'employees' || name === 'established' ? ('numeric' as const) : ('decimal' as const),
    ...errorProps(`edit-${name}`, errors[name]),
    className: inputClass(errors[name]),
    ...form.register(name, { setValueAs: asNumberOrNull }),
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
      <Field id="edit-title" label={texts.fields.title} error={errors.title} className="sm:col-span-2"><input {...text('title')} /></Field>
      <Field id="edit-industry" label={texts.fields.industry} error={errors.industry}>
        <select id="edit-industry" {...errorProps('edit-industry', errors.industry)} className={inputClass(errors.industry)} {...form.register('industry')}>
          {industries.map((industry) => <option key={industry} value={industry}>{industryLabels[industry]}</option>)}
        </select>
      </Field>
      <Field id="edit-location" label={texts.fields.location} error={errors.location}><input {...text('location')} /></Field>
      <Field id="edit-price" label={texts.fields.price} error={errors.price}><input {...number('price')} /></Field>
      <Field id="edit-revenue" label={texts.fields.revenue} error={errors.revenue}><input {...number('revenue')} /></Field>
      <Field id="edit-profit" label={texts.fields.profit} error={errors.profit}><input {...number('profit')} /></Field>
      <Field id="edit-employees" label={texts.fields.employees} error={errors.employees}><input {...number('employees')} /></Field>
      <Field id="edit-established" label={texts.fields.established} error={errors.established}><input {...number('established')} /></Field>
      <Field id="edit-status" label={texts.fields.status} error={errors.status}>
        <select id="edit-status" className={inputClass(errors.status)} {...form.register('status')}>
          {adminListingStatuses.map((status) => <option key={status} value={status}>{adminStatusLabels[status]}</option>)}
        </select>
        {rawStatus !== defaults.status && <p className="text-xs text-slate-600">{`${texts.fields.status}: ${adminStatusLabels[rawStatus as keyof typeof adminStatusLabels] ?? rawStatus}`}</p>}
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register('featured')} />
        {texts.fields.featured}
      </label>
      <Field id="edit-description" label={texts.fields.description} error={errors.description} className="sm:col-span-2">
        <textarea id="edit-description" rows={4} {...errorProps('edit-description', errors.description)} className={inputClass(errors.description)} {...form.register('description')} />
      </Field>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Dialog.Close className={buttonClass('secondary')}>{adminCommon.cancel}</Dialog.Close>
        <Button type="submit" disabled={saving}>{saving ? adminCommon.saving : adminCommon.save}</Button>
      </div>
    </form>
  );
}
