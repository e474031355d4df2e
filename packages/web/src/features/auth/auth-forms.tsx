import { useMutation, useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import * as z from 'zod';
import { acceptTermsSchema, emailOnlySchema, passwordSchema, signInSchema, signUpSchema } from '@bedriftstorget/core/auth/schemas';
import { auth as texts, common } from '@bedriftstorget/core/texts/nb';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage, errorReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ConsentCheckbox } from './consent-checkbox';
import { FormField } from './form-field';
import { ResendConfirmation } from './resend-confirmation';
import { useFinishSignIn } from './use-finish-sign-in';

const showError = (error: unknown) => toast.error(common.error, { description: errorMessage(error) });

export function LoginForm({ next }: { next?: string }) {
  const finish = useFinishSignIn();
  const form = useForm({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const signIn = useMutation(trpc.auth.signIn.mutationOptions({
    onSuccess: async () => {
      toast.success(texts.loggedIn);
      await finish();
    },
    onError: (error) => (errorReason(error) === 'EMAIL_NOT_CONFIRMED' ? undefined : showError(error)),
  }));
  const { errors } = form.formState;
  const unconfirmed = errorReason(signIn.error) === 'EMAIL_NOT_CONFIRMED' ? signIn.variables?.email : undefined;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="flex flex-col gap-4">
      <FormField id="email" label={texts.email} type="email" autoComplete="email" error={errors.email} registration={form.register('email')} />
      <FormField id="password" label={texts.password} type="password" autoComplete="current-password" error={errors.password} registration={form.register('password')} />
      <Button type="submit" disabled={signIn.isPending}>{signIn.isPending ? common.loading : texts.loginButton}</Button>
      {unconfirmed && (
        <div role="alert" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          <p className="font-semibold">{texts.emailNotConfirmed}</p>
          <ResendConfirmation email={unconfirmed} next={next} />
        </div>
      )}
    </form>
  );
}

export function SignupForm({ next, onDone }: { next?: string; onDone: (email: string) => void }) {
  const form = useForm({ resolver: zodResolver(signUpSchema), defaultValues: { email: '', password: '' } });
  const signUp = useMutation(trpc.auth.signUp.mutationOptions({
    // Said once, by the notice that replaces the form (with 'Send e-posten på nytt'), not by a toast too.
    onSuccess: (_data, variables) => onDone(variables.email),
    onError: showError,
  }));
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate({ ...values, next }))} className="flex flex-col gap-4">
      <FormField id="email" label={texts.email} type="email" autoComplete="email" error={errors.email} registration={form.register('email')} />
      <FormField id="password" label={texts.password} type="password" autoComplete="new-password" error={errors.password} registration={form.register('password')} />
      <ConsentCheckbox error={errors.acceptTerms} registration={form.register('acceptTerms')} />
      <Button type="submit" disabled={signUp.isPending}>{signUp.isPending ? common.loading : texts.signupButton}</Button>
    </form>
  );
}

export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions({
    onSuccess: () => {
      toast.success(texts.emailSent, { description: texts.emailSentText });
      onDone();
    },
    onError: (error) => toast.error(common.error, { description: error.data?.code === 'TOO_MANY_REQUESTS' ? errorMessage(error) : texts.emailSendFailed }),
  }));
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="flex flex-col gap-4">
      <FormField id="email" label={texts.email} type="email" autoComplete="email" error={errors.email} registration={form.register('email')} />
      <Button type="submit" disabled={request.isPending}>{request.isPending ? common.loading : texts.resetButton}</Button>
    </form>
  );
}

const newPasswordSchema = z.object({ password: passwordSchema });

export function NewPasswordForm({ token }: { token: string }) {
  const finish = useFinishSignIn();
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '' } });
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions({
    onSuccess: async () => {
      toast.success(texts.passwordChanged);
      await finish();
    },
    onError: showError,
  }));
  // A used or expired link says so before a new password is typed; kept once known, so
  // the successful reset does not turn it into 'already used' under the person's eyes.
  const link = useQuery(trpc.auth.resetLinkValid.queryOptions({ token }, { retry: false, staleTime: Infinity }));
  const { errors } = form.formState;
  if (link.isPending) return <Spinner />;
  if (link.data?.valid === false) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="font-semibold text-red-800">{texts.resetLinkUsed}</p>
        <a href="/auth?mode=reset" className={buttonClass('primary')}>{texts.requestNewLink}</a>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))} className="flex flex-col gap-4">
      <FormField id="password" label={texts.newPassword} type="password" autoComplete="new-password" error={errors.password} registration={form.register('password')} />
      <Button type="submit" disabled={reset.isPending}>{reset.isPending ? common.loading : texts.newPasswordButton}</Button>
    </form>
  );
}

/**
 * The consent step before a Google account becomes ours (decision 089): the callback refused a
 * new account without it (CONSENT_REQUIRED); ticked, Google's sign-in starts again and the
 * callback creates the account with the consent recorded.
 */
export function GoogleConsentForm() {
  const form = useForm({ resolver: zodResolver(z.object({ acceptTerms: acceptTermsSchema })) });
  const start = useMutation(trpc.auth.googleStart.mutationOptions({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => toast.error(texts.googleFailed),
  }));
  return (
    <form noValidate onSubmit={form.handleSubmit(() => start.mutate({ acceptTerms: true }))} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{consent.googleText}</p>
      <ConsentCheckbox error={form.formState.errors.acceptTerms} registration={form.register('acceptTerms')} />
      <Button type="submit" disabled={start.isPending}>{start.isPending ? common.loading : texts.google}</Button>
    </form>
  );
}
