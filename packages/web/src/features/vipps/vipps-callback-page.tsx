import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { vippsTexts as texts } from '@bedriftstorget/core/texts/vipps';
import { useAuth } from '../../app/auth-context';
import { Spinner } from '../../components/spinner';
import { errorMessage, errorReason } from '../../lib/errors';
import { takeGoogleReturn } from '../../lib/google-return';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { Link } from '../../router/link';
import { useNavigate } from '../../router/location';
import { useFinishSignIn } from '../auth/use-finish-sign-in';

/**
 * Vipps sends the browser back here (decision 119); the server checks the whole answer. Signed in or
 * up: on to where the person was going; verified: back to /profil; an account with the address:
 * the proof step; refused: the reason, and a way back.
 */
export function VippsCallbackPage() {
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const { user } = useAuth();
  const [refused, setRefused] = useState<string | null>(null);
  const callback = useMutation(trpc.vipps.callback.mutationOptions({
    onSuccess: async (result) => {
      if (result.outcome === 'verified') {
        toast.success(texts.verifiedDone);
        // Back where the verification was asked for (a listing that requires it, decision 130), else /profil.
        return navigate(takeGoogleReturn() ?? '/profil', { replace: true });
      }
      if (result.outcome === 'linkRequired') {
        const params = new URLSearchParams({ mode: 'vipps-kobling', email: result.email, passord: result.hasPassword ? '1' : '0' });
        return navigate(`/auth?${params.toString()}`, { replace: true });
      }
      toast.success(texts.loggedIn);
      await finish(takeGoogleReturn());
    },
    onError: (error) => {
      if (errorReason(error) === 'CONSENT_REQUIRED') return navigate('/auth?mode=vipps', { replace: true });
      setRefused(errorMessage(error));
    },
  }));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    callback.mutate({ search: window.location.search.slice(1) || 'tom=1' });
  }, [callback]);
  if (!refused) return <main id="innhold" className="flex min-h-screen items-center justify-center"><Spinner /></main>;
  return (
    <main id="innhold" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-bold">{texts.login}</h1>
        <p role="alert" className="mt-3 text-sm text-red-700">{refused}</p>
        <Link to={user ? '/profil' : '/auth?mode=login'} className="mt-6 inline-block font-semibold text-brand-700 hover:underline">{user ? texts.backToProfile : texts.login}</Link>
      </div>
    </main>
  );
}

/** The link mailed to the account (decision 119): opened, Vipps is linked and this browser signs in. */
export function VippsLinkConfirmPage() {
  const finish = useFinishSignIn();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [refused, setRefused] = useState<string | null>(token.length >= 20 ? null : texts.linkExpired);
  const confirm = useMutation(trpc.vipps.confirmLink.mutationOptions({
    onSuccess: async () => {
      toast.success(texts.linked);
      await finish('/profil');
    },
    onError: (error) => setRefused(errorMessage(error)),
  }));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token.length >= 20) confirm.mutate({ token });
  }, [confirm, token]);
  if (!refused) return <main id="innhold" className="flex min-h-screen items-center justify-center"><Spinner /></main>;
  return (
    <main id="innhold" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-bold">{texts.linkTitle}</h1>
        <p role="alert" className="mt-3 text-sm text-red-700">{refused}</p>
        <Link to="/auth?mode=login" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">{texts.login}</Link>
      </div>
    </main>
  );
}
