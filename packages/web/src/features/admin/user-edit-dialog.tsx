import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { adminUserFieldsSchema, type AdminUserFields } from '@bedriftstorget/core/admin/schemas';
import { plans, userTypes } from '@bedriftstorget/core/profile/enums';
import { adminCommon, adminUsers as texts } from '@bedriftstorget/core/texts/admin';
import { Button, buttonClass } from '../../components/button';
import { DialogFrame } from './dialog-frame';
import { errorProps, Field, inputClass } from './form-controls';
import type { AdminUserRow } from './types';

/** 'Rediger bruker' (docs/product.md, 'Admin details'): name, organisation, phone, type, plan and listing limit. */
export function UserEditDialog({ user, onClose, onSave, saving }: { user: AdminUserRow | null; onClose: () => void; onSave: (id: string, fields: AdminUserFields) => void; saving: boolean }) {
  return (
    <DialogFrame open={user !== null} onOpenChange={(open) => !open && onClose()} title={texts.editTitle} description={user ? `${user.email} · ${texts.editDescription}` : undefined}>
      {user && <UserForm key={user.id} user={user} saving={saving} onSave={(fields) => onSave(user.id, fields)} />}
    </DialogFrame>
  );
}

function UserForm({ user, saving, onSave }: { user: AdminUserRow; saving: boolean; onSave: (fields: AdminUserFields) => void }) {
  const form = useForm({
    resolver: zodResolver(adminUserFieldsSchema),
    defaultValues: {
      fullName: user.fullName ?? '',
      companyName: user.companyName ?? '',
      phone: user.phone ?? '',
      userType: user.userType,
      plan: user.plan,
      maxListings: user.maxListings,
    },
  });
  const { errors } = form.formState;
  const text = (name: 'fullName' | 'companyName' | 'phone', autoComplete: string) => ({
    id: `user-${name}`,
    autoComplete,
    ...errorProps(`user-${name}`, errors[name]),
    className: inputClass(errors[name]),
    ...form.register(name),
  });
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onSave)(e)} className="flex flex-col gap-4">
      <Field id="user-fullName" label={texts.fields.fullName} error={errors.fullName}><input {...text('fullName', 'off')} /></Field>
      <Field id="user-companyName" label={texts.fields.companyName} error={errors.companyName}><input {...text('companyName', 'off')} /></Field>
      <Field id="user-phone" label={texts.fields.phone} error={errors.phone}><input type="tel" {...text('phone', 'off')} /></Field>
      <Field id="user-userType" label={texts.fields.userType}>
        <select id="user-userType" className={inputClass()} {...form.register('userType')}>
          {userTypes.map((type) => <option key={type} value={type}>{texts.userTypes[type]}</option>)}
        </select>
      </Field>
      <Field id="user-plan" label={texts.fields.plan}>
        <select id="user-plan" className={inputClass()} {...form.register('plan')}>
          {plans.map((plan) => <option key={plan} value={plan}>{texts.plans[plan]}</option>)}
        </select>
      </Field>
      <Field id="user-maxListings" label={texts.fields.maxListings} error={errors.maxListings}>
        <input
          id="user-maxListings"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          {...errorProps('user-maxListings', errors.maxListings)}
          className={inputClass(errors.maxListings)}
          {...form.register('maxListings', { valueAsNumber: true })}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Dialog.Close className={buttonClass('secondary')}>{adminCommon.cancel}</Dialog.Close>
        <Button type="submit" disabled={saving}>{saving ? adminCommon.saving : adminCommon.save}</Button>
      </div>
    </form>
  );
}
