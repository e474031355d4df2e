import { useMutation } from '@tanstack/react-query';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/location';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { nav } from '@bedriftstorget/core/texts/nb';
import { Button } from '../../components/button';
import { Page } from '../../components/page';
import { trpc } from '../../lib/trpc';

/**
 * /varsel/av?t=…: the alert mail's link, no login. Nothing changes when the page opens — link
 * scanners open mail links, and some run scripts — only the reader's click on 'Slå av varselet'
 * sends the token (a POST, decision 085). Mail programs' one-click unsubscribe (RFC 8058) POSTs
 * to /trpc/varsel-av directly.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const off = useMutation(trpc.savedSearch.unsubscribe.mutationOptions());
  const title = off.isError ? texts.unsubscribeFailedTitle : off.isSuccess ? texts.unsubscribedTitle : texts.unsubscribeConfirmTitle;

  return (
    <Page title={title}>
      <div aria-live="polite" className="flex flex-col items-start gap-4">
        {off.isSuccess && <p className="text-slate-700">{texts.unsubscribedText(off.data.name)}</p>}
        {off.isError && <p role="alert" className="text-red-700">{off.error.message}</p>}
        {off.isIdle || off.isPending ? (
          <>
            <p className="text-slate-700">{texts.unsubscribeConfirmText}</p>
            <Button onClick={() => off.mutate({ token })} disabled={off.isPending}>{off.isPending ? texts.unsubscribing : texts.unsubscribeButton}</Button>
          </>
        ) : null}
      </div>
      <Link to="/lagrede-sok" className="mt-6 inline-block text-brand-700 hover:underline">{nav.savedSearches}</Link>
    </Page>
  );
}
