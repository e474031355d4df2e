import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { profileUpdateSchema } from '@bedriftstorget/core/profile/schemas';
import { profile as t } from '@bedriftstorget/core/texts/seller';
import { Button } from '../../components/button';
import { Page } from '../../components/page';
import { RequireUser } from '../../components/require-user';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { DeleteAccount } from './delete-account';
import { MyData } from './my-data';
import { VippsProfileBox } from '../vipps/vipps-profile-box';

export function ProfilePage() {
  return (
    <RequireUser>
      <Profile />
    </RequireUser>
  );
}

type FormValues = { fullName: string | null; companyName: string | null; phone: string | null };

function Profile() {
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.profile.get.queryOptions());
  const form = useForm({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { fullName: '', companyName: '', phone: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (profile.data) reset({ fullName: profile.data.fullName ?? '', companyName: profile.data.companyName ?? '', phone: profile.data.phone ?? '' });
  }, [profile.data, reset]);
  const save = useMutation(trpc.profile.update.mutationOptions({
    onSuccess: (data) => {
      toast.success(t.saved);
      queryClient.setQueryData(trpc.profile.get.queryKey(), data);
      // A new name may have dropped 'Verifisert med Vipps'.
      void queryClient.invalidateQueries(trpc.vipps.status.pathFilter());
      void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
    },
    onError: () => toast.error(t.saveFailed),
  }));

  if (profile.isPending) return <Spinner />;
  if (profile.isError) return <Page title={t.title}><p role="alert" className="text-red-700">{t.saveFailed}</p></Page>;
  const { errors } = form.formState;
  const field = (name: keyof FormValues, label: string, type = 'text', autoComplete?: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">{label}</label>
      <input id={name} type={type} autoComplete={autoComplete} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={`rounded-lg border px-3 py-2 ${errors[name] ? 'border-red-500' : 'border-slate-300'}`} {...form.register(name)} />
      {errors[name]?.message && <p id={`${name}-error`} role="alert" className="text-sm text-red-600">{errors[name]?.message}</p>}
    </div>
  );

  return (
    <Page title={t.title}>
      <div className="grid gap-8 md:grid-cols-[1fr_280px]">
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {field('fullName', t.fullName, 'text', 'name')}
          {field('companyName', t.companyName, 'text', 'organization')}
          {field('phone', t.phone, 'tel', 'tel')}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="email" className="text-sm font-medium">{t.email}</label>
            <input id="email" value={profile.data.email} readOnly aria-describedby="email-hint" className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-600" />
            <p id="email-hint" className="text-xs text-slate-500">{t.emailReadOnly}</p>
          </div>
          <Button type="submit" className="self-start" disabled={save.isPending}>{t.save}</Button>
        </form>
        <aside className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold">{t.accountTitle}</h2>
          <dl className="mt-3 flex flex-col gap-2 text-sm">
            <div className="flex justify-between"><dt className="text-slate-600">{t.type}</dt><dd className="font-semibold">{t.userTypes[profile.data.userType]}</dd></div>
            <div className="flex justify-between"><dt className="text-slate-600">{t.plan}</dt><dd className="font-semibold">{t.plans[profile.data.plan]}</dd></div>
            <div className="flex justify-between"><dt className="text-slate-600">{t.maxListings}</dt><dd className="font-semibold">{profile.data.maxListings}</dd></div>
          </dl>
        </aside>
        <VippsProfileBox />
        <MyData />
        <DeleteAccount hasPassword={profile.data.hasPassword} />
      </div>
    </Page>
  );
}
