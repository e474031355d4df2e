import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { settingsSchema, type Settings } from '@bedriftstorget/core/settings/schemas';
import { adminCommon } from '@bedriftstorget/core/texts/admin';
import { settingsTexts as t } from '@bedriftstorget/core/texts/numbers';
import { Button } from '../../components/button';
import { LoadError } from '../../components/load-error';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { errorProps, Field, inputClass } from './form-controls';

/** /admin/innstillinger: the rules the server enforces, validated here and again there. */
export function SettingsPage() {
  const settings = useQuery(trpc.admin.settings.get.queryOptions());
  return (
    <Page title={t.title}>
      <p className="mb-6 text-slate-600">{t.intro}</p>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <LoadError message={t.loadFailed} retryLabel={adminCommon.retry} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm current={settings.data} />
      )}
    </Page>
  );
}

const numberFields = ['reviewPromiseHours', 'reviewAlertHours', 'maxActiveListings'] as const;

function SettingsForm({ current }: { current: Settings }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(settingsSchema), defaultValues: current });
  useEffect(() => form.reset(current), [current, form]);
  const save = useMutation(trpc.admin.settings.update.mutationOptions({
    onSuccess: (result) => {
      toast.success(result.changed.length ? t.saved : t.unchanged);
      return queryClient.invalidateQueries(trpc.admin.settings.pathFilter());
    },
    onError: (error) => toast.error(adminCommon.error, { description: errorMessage(error) }),
  }));
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="flex max-w-md flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      {numberFields.map((name) => (
        <Field key={name} id={`setting-${name}`} label={t.fields[name]} error={errors[name]}>
          <input
            id={`setting-${name}`}
            type="number"
            inputMode="numeric"
            className={inputClass(errors[name])}
            {...errorProps(`setting-${name}`, errors[name])}
            {...form.register(name, { valueAsNumber: true })}
          />
        </Field>
      ))}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="h-4 w-4" {...form.register('signupsOpen')} />
        {t.fields.signupsOpen}
      </label>
      <Button type="submit" disabled={save.isPending}>{save.isPending ? adminCommon.saving : adminCommon.save}</Button>
    </form>
  );
}
