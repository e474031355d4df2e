import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { rememberGoogleReturn } from '../../lib/google-return';
import { VippsButton, useVippsStart } from '../vipps/vipps-button';

/** A buyer the seller's requirement leaves out: why, and 'Verifiser deg med Vipps', coming back to this listing afterwards. */
export function VerifyFirst({ listingId }: { listingId: string }) {
  const start = useVippsStart();
  return (
    <div className="mt-3 flex flex-col gap-3">
      <p role="note" className="rounded-lg bg-orange-50 p-3 text-sm text-orange-900">{vippsTexts.buyerMustVerify}</p>
      <VippsButton
        label={vippsTexts.verify}
        disabled={start.isPending}
        onClick={() => {
          rememberGoogleReturn(`/bedrift/${listingId}`);
          start.mutate({ intent: 'verify' });
        }}
      />
    </div>
  );
}
