import { useMutation } from '@tanstack/react-query';
import { accountDeletion as t } from '@bedriftstorget/core/texts/account';
import { auth } from '@bedriftstorget/core/texts/nb';
import { Button } from '../../components/button';
import { Page } from '../../components/page';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useSearchParams } from '../../router/location';
import { useAfterDeletion } from './delete-account-dialog';

/**
 * /slett-konto?token=…: the link a Google account gets for 'Slett konto'. Nothing happens when the
 * page opens (link scanners open mail links, decision 085): only the click sends the token.
 */
export function DeleteLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const afterDeletion = useAfterDeletion();
  const confirm = useMutation(trpc.auth.confirmDeletion.mutationOptions({ onSuccess: afterDeletion }));
  const failure = !token ? auth.tokenInvalid : confirm.isError ? errorMessage(confirm.error) : null;
  return (
    <Page title={t.linkTitle}>
      <div className="flex flex-col items-start gap-4" aria-live="polite">
        {failure ? (
          <p role="alert" className="text-red-700">{failure}</p>
        ) : (
          <>
            <p className="max-w-2xl text-slate-700">{t.linkText}</p>
            <p className="max-w-2xl text-sm text-slate-700">{t.ndaKept}</p>
            <Button variant="danger" onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>{confirm.isPending ? t.deleting : t.confirm}</Button>
          </>
        )}
      </div>
    </Page>
  );
}
