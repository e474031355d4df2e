import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '../../router/location';
import { toast } from '../../lib/toast';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import { Spinner } from '../../components/spinner';
import { errorReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { takeGoogleReturn } from '../../lib/google-return';
import { useFinishSignIn } from './use-finish-sign-in';

/** Google sends the browser back here with code and state; the server checks both. */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const callback = useMutation(trpc.auth.googleCallback.mutationOptions({
    onSuccess: async () => {
      toast.success(texts.loggedIn);
      await finish(takeGoogleReturn());
    },
    onError: (error) => {
      // A new Google user who has not accepted the terms: the consent step, then Google again (decision 089).
      if (errorReason(error) === 'CONSENT_REQUIRED') return navigate('/auth?mode=google', { replace: true });
      takeGoogleReturn();
      toast.error(texts.googleFailed);
      navigate('/auth?mode=login', { replace: true });
    },
  }));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (code && state) callback.mutate({ code, state });
    else {
      toast.error(texts.googleFailed);
      navigate('/auth?mode=login', { replace: true });
    }
  }, [params, callback, navigate]);
  return <Spinner />;
}
