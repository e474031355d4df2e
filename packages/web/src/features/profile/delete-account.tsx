import { useState } from 'react';
import { accountDeletion as t } from '@bedriftstorget/core/texts/account';
import { Button } from '../../components/button';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The danger section of /profil, set apart from the rest in red (decision 088). */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-account-title" className="rounded-2xl border-2 border-red-200 bg-red-50 p-6 md:col-span-2">
      <h2 id="delete-account-title" className="text-lg font-bold text-red-800">{t.title}</h2>
      <p className="mt-2 max-w-2xl text-sm text-slate-800">{t.intro}</p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>{t.open}</Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} hasPassword={hasPassword} />
    </section>
  );
}
