import { useMutation } from '@tanstack/react-query';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/location';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { expiry as texts } from '@bedriftstorget/core/texts/lifecycle';
import { Button, buttonClass } from '../../components/button';
import { Page } from '../../components/page';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * /forny-annonse?token=…: the expiry mail's link (decision 045). No login: the token is the owner's
 * proof. Nothing happens when the page opens — link scanners open mail links, some run scripts —
 * only the owner's click on 'Forny annonse' sends the token (a POST). The link works once and for
 * 14 days (decision 085).
 */
export function RenewPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const renew = useMutation(trpc.listing.renewByToken.mutationOptions());

  const failure = !token ? texts.linkInvalid : renew.isError ? errorMessage(renew.error) : null;
  return (
    <Page title={texts.pageTitle}>
      <div className="flex flex-col items-start gap-4" aria-live="polite">
        {failure ? (
          <p role="alert" className="text-red-700">{failure}</p>
        ) : renew.data ? (
          <>
            <p role="status" className="text-xl font-bold">{texts.renewed}</p>
            <p className="text-slate-700">
              «{renew.data.title}». {texts.renewedText(formatDate(renew.data.expiresAt))}
            </p>
          </>
        ) : (
          <>
            <p className="text-slate-700">{texts.renewIntro}</p>
            <Button onClick={() => renew.mutate({ token })} disabled={renew.isPending}>{renew.isPending ? texts.renewing : texts.renew}</Button>
          </>
        )}
        <Link to="/mine-annonser" className={buttonClass('secondary')}>{texts.toMyListings}</Link>
      </div>
    </Page>
  );
}
