import { useQuery, useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '../../router/link';
import { Navigate } from '../../router/navigate';
import { useSearchParams } from '../../router/location';
import { toast } from '../../lib/toast';
import { auth as texts, brand } from '@bedriftstorget/core/texts/nb';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/button';
import { trpc } from '../../lib/trpc';
import { ResendConfirmation } from './resend-confirmation';
import { safeReturnPath } from '@bedriftstorget/core/auth/return-path';
import { rememberGoogleReturn } from '../../lib/google-return';
import { pathAfterSignIn } from '../../lib/draft';
import { GoogleConsentForm, LoginForm, NewPasswordForm, ResetRequestForm, SignupForm } from './auth-forms';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { VippsLoginButton } from '../vipps/vipps-button';
import { VippsConsentForm, VippsLinkForm } from '../vipps/vipps-auth-forms';

type Mode = 'login' | 'signup' | 'reset' | 'google' | 'vipps' | 'vipps-kobling';

function modeFrom(value: string | null): Mode {
  return value === 'signup' || value === 'reset' || value === 'google' || value === 'vipps' || value === 'vipps-kobling' ? value : 'login';
}

const TITLES: Record<Mode, string> = { login: texts.loginTitle, signup: texts.signupTitle, reset: texts.resetTitle, google: consent.googleTitle, vipps: vippsTexts.consentTitle, 'vipps-kobling': vippsTexts.linkTitle };

/** /auth?mode=login|signup|reset; with a reset token it asks for the new password (docs/product.md, 'Auth'). */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const { user, loading } = useAuth();
  const mode = modeFrom(params.get('mode'));
  const token = params.get('token');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const next = safeReturnPath(params.get('next')) ?? undefined;
  const setMode = (mode: Mode) => {
    setSentTo(null);
    // Keep where to return after signing in.
    const next = params.get('next');
    setParams(next ? { mode, next } : { mode });
  };
  const title = token && mode === 'reset' ? texts.newPasswordTitle : TITLES[mode];
  useEffect(() => {
    document.title = `${title} – ${brand}`;
  }, [title]);

  // A signed-in user has nothing to do here, except choose a new password from a mailed link.
  if (!loading && user && !(mode === 'reset' && token)) return <Navigate to={pathAfterSignIn(params.get('next'), user.isAdmin)} replace />;

  return (
    <main id="innhold" className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <Link to="/" className="text-lg font-extrabold text-brand-700">{brand}</Link>
        <h1 className="mb-6 mt-4 text-2xl font-bold">{title}</h1>
        {sentTo ? (
          <SignedUpNotice email={sentTo} next={next} />
        ) : mode === 'reset' && token ? (
          <NewPasswordForm token={token} />
        ) : mode === 'reset' ? (
          <ResetRequestForm onDone={() => setMode('login')} />
        ) : mode === 'signup' ? (
          <SignupForm next={next} onDone={setSentTo} />
        ) : mode === 'google' ? (
          <GoogleConsentForm />
        ) : mode === 'vipps' ? (
          <VippsConsentForm />
        ) : mode === 'vipps-kobling' ? (
          <VippsLinkForm email={params.get('email') ?? ''} hasPassword={params.get('passord') === '1'} />
        ) : (
          <LoginForm next={next} />
        )}
        {!token && (mode === 'login' || mode === 'signup' || mode === 'reset') && <OtherProviders next={next} />}
        <div className="mt-6 flex flex-col gap-2 text-sm">
          {mode === 'login' && (
            <>
              <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => setMode('reset')}>{texts.forgotPassword}</button>
              <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => setMode('signup')}>{texts.toSignup}</button>
            </>
          )}
          {mode === 'signup' && <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => setMode('login')}>{texts.toLogin}</button>}
          {(mode === 'reset' || mode === 'google' || mode === 'vipps' || mode === 'vipps-kobling') && <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => setMode('login')}>{texts.backToLogin}</button>}
        </div>
      </div>
    </main>
  );
}

/**
 * After sign-up: the mail is on its way (it goes from the outbox, usually within seconds), and
 * 'Send e-posten på nytt' asks for another. The server limits it per address and per account
 * and answers the same whatever the address, so this says the same too.
 */
function SignedUpNotice({ email, next }: { email: string; next?: string }) {
  return (
    <div role="status" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
      <p className="font-semibold">{texts.signedUp}</p>
      <p className="mt-1">{texts.signedUpText}</p>
      <p className="mt-1 font-medium">{email}</p>
      <ResendConfirmation email={email} next={next} />
    </div>
  );
}

/** 'Logg inn med Vipps' and Google, each shown only when the server has it configured. */
function OtherProviders({ next }: { next?: string }) {
  const providers = useQuery(trpc.auth.providers.queryOptions(undefined, { staleTime: Infinity }));
  const start = useMutation(trpc.auth.googleStart.mutationOptions({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => toast.error(texts.googleFailed),
  }));
  if (!providers.data?.google && !providers.data?.vipps) return null;
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-center text-xs uppercase tracking-wide text-slate-500">{texts.or}</p>
      <VippsLoginButton next={next} />
      {providers.data.google && <Button variant="secondary" onClick={() => { rememberGoogleReturn(next); start.mutate(); }} disabled={start.isPending}>{texts.google}</Button>}
    </div>
  );
}
