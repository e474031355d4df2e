import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/location';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { nav } from '@bedriftstorget/core/texts/nb';
import { Page } from '../../components/page';
import { trpc } from '../../lib/trpc';

/**
 * /varsel/av?t=…: the alert mail's one-click link, no login. The page (not the GET) turns the alert
 * off, so link scanners that fetch mail links change nothing.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const off = useMutation(trpc.savedSearch.unsubscribe.mutationOptions());
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    off.mutate({ token });
  }, [off, token]);

  return (
    <Page title={off.isError ? texts.unsubscribeFailedTitle : off.isSuccess ? texts.unsubscribedTitle : texts.unsubscribing}>
      <div aria-live="polite">
        {off.isSuccess && <p className="text-slate-700">{texts.unsubscribedText(off.data.name)}</p>}
        {off.isError && <p role="alert" className="text-red-700">{off.error.message}</p>}
      </div>
      {!off.isPending && <Link to="/lagrede-sok" className="mt-6 inline-block text-brand-700 hover:underline">{nav.savedSearches}</Link>}
    </Page>
  );
}
