import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/location';
import { formatDate } from '@bedriftstorget/core/format/nb';
import { expiry as texts } from '@bedriftstorget/core/texts/lifecycle';
import { buttonClass } from '../../components/button';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * /forny-annonse?token=…: the expiry mail's one-click link (decision 045). No login: the token is the
 * owner's proof. The page sends it once (a POST, so a mail scanner that only fetches the page
 * renews nothing) and answers in Norwegian either way.
 */
export function RenewPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const renew = useMutation(trpc.listing.renewByToken.mutationOptions());
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    renew.mutate({ token });
  }, [token, renew]);

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
          <Spinner label={texts.renewing} />
        )}
        <Link to="/mine-annonser" className={buttonClass('secondary')}>{texts.toMyListings}</Link>
      </div>
    </Page>
  );
}
