import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { acceptTermsSchema, vippsLinkPasswordSchema } from '@bedriftstorget/core/auth/schemas';
import { common } from '@bedriftstorget/core/texts/nb';
import { vippsTexts as texts } from '@bedriftstorget/core/texts/vipps';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { takeGoogleReturn } from '../../lib/google-return';
import { ConsentCheckbox } from '../auth/consent-checkbox';
import { FormField } from '../auth/form-field';
import { useFinishSignIn } from '../auth/use-finish-sign-in';
import { VippsButton, useVippsStart } from './vipps-button';

/** Before a Vipps person becomes a new account: the terms, then Vipps again (as for Google, decision 089). */
export function VippsConsentForm() {
  const form = useForm({ resolver: zodResolver(z.object({ acceptTerms: acceptTermsSchema })) });
  const start = useVippsStart();
  return (
    <form noValidate onSubmit={form.handleSubmit(() => start.mutate({ intent: 'login', acceptTerms: true }))} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{texts.consentText}</p>
      <ConsentCheckbox error={form.formState.errors.acceptTerms} registration={form.register('acceptTerms')} />
      <VippsButton type="submit" disabled={start.isPending} label={start.isPending ? common.loading : texts.login} />
    </form>
  );
}

/**
 * An account already has Vipps's verified address (decision 119): linked only after proof — the
 * account's password here, or the link mailed to the address.
 */
export function VippsLinkForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const finish = useFinishSignIn();
  const form = useForm({ resolver: zodResolver(vippsLinkPasswordSchema), defaultValues: { password: '' } });
  const link = useMutation(trpc.vipps.linkWithPassword.mutationOptions({
    onSuccess: async () => {
      toast.success(texts.linked);
      await finish(takeGoogleReturn());
    },
    onError: (error) => toast.error(common.error, { description: errorMessage(error) }),
  }));
  const mail = useMutation(trpc.vipps.sendLinkMail.mutationOptions({
    onError: (error) => toast.error(common.error, { description: errorMessage(error) }),
  }));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{texts.linkText(email)}</p>
      {hasPassword && (
        <form noValidate onSubmit={form.handleSubmit(({ password }) => link.mutate({ password }))} className="flex flex-col gap-4">
          <FormField id="vipps-link-password" label={texts.linkPassword} type="password" autoComplete="current-password" error={form.formState.errors.password} registration={form.register('password')} />
          <Button type="submit" disabled={link.isPending}>{link.isPending ? common.loading : texts.linkWithPassword}</Button>
        </form>
      )}
      {mail.isSuccess ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">{texts.linkMailSent}</p>
      ) : (
        <Button variant="secondary" disabled={mail.isPending} onClick={() => mail.mutate()}>{mail.isPending ? common.loading : texts.linkByMail}</Button>
      )}
    </div>
  );
}
