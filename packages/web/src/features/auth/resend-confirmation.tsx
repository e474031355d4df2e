import { useMutation } from '@tanstack/react-query';
import { auth as texts, common } from '@bedriftstorget/core/texts/nb';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * 'Send e-posten på nytt': the only way to get another confirmation mail (signing in with the right
 * password no longer sends one). The server limits it per address and per account and answers the
 * same whatever the address, so this says the same too.
 */
export function ResendConfirmation({ email, next }: { email: string; next?: string }) {
  const resend = useMutation(trpc.auth.resendConfirmation.mutationOptions({
    onError: (error) => toast.error(common.error, { description: errorMessage(error) }),
  }));
  if (resend.isSuccess) return <p className="mt-3">{texts.resendConfirmationDone}</p>;
  return (
    <>
      <p className="mt-3 text-brand-800">{texts.resendConfirmationHint}</p>
      <Button variant="secondary" className="mt-2" onClick={() => resend.mutate({ email, next })} disabled={resend.isPending}>
        {resend.isPending ? common.loading : texts.resendConfirmation}
      </Button>
    </>
  );
}
