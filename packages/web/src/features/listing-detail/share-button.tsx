import { toast } from '../../lib/toast';
import { detail as texts } from '@bedriftstorget/core/texts/marketplace';
import { shareTexts } from '@bedriftstorget/core/texts/share';
import { Button } from '../../components/button';

/**
 * 'Del annonse': the system's share sheet where the browser has the Web Share API
 * (phones), else the link is copied with a toast. The link is the page's canonical address, never
 * the current URL with whatever query or hash it carries.
 */
export function ShareButton({ listingId, title }: { listingId: string; title: string }) {
  const share = async () => {
    const url = `${window.location.origin}/bedrift/${listingId}`;
    if (typeof navigator.share === 'function') {
      // A cancelled share sheet rejects (AbortError): nothing to tell.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(texts.linkCopied);
    } catch {
      toast.error(shareTexts.copyFailed, { description: shareTexts.copyFailedText(url) });
    }
  };
  return <Button variant="secondary" onClick={() => void share()}>{texts.share}</Button>;
}
