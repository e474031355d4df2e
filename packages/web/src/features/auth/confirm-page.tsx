import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/location';
import { toast } from '../../lib/toast';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import { buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useFinishSignIn } from './use-finish-sign-in';

/** /auth/bekreft?token=…: the link in the sign-up mail. Confirms, signs in, and lands on /. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const finish = useFinishSignIn();
  const [serverFailure, setServerFailure] = useState<string | null>(null);
  const failure = token ? serverFailure : texts.tokenInvalid;
  const confirm = useMutation(trpc.auth.confirmEmail.mutationOptions({
    onSuccess: async () => {
      toast.success(texts.confirmed);
      await finish();
    },
    onError: (error) => setServerFailure(errorMessage(error)),
  }));
  // The token is single-use: React's development double effect must not spend it twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token) confirm.mutate({ token });
  }, [token, confirm]);

  return (
    <main id="innhold" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      {failure ? (
        <>
          <h1 className="text-2xl font-bold">{failure}</h1>
          <Link to="/auth?mode=login" className={buttonClass('primary')}>{texts.backToLogin}</Link>
        </>
      ) : (
        <Spinner label={texts.confirming} />
      )}
    </main>
  );
}
